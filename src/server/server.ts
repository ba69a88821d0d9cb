import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import type { Database } from '../db/store-db.ts';
import { StoreOpenError } from '../db/store-open.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store, StoreOptions } from '../sandbox/entry.ts';
import { createSandboxApp, DEFAULT_DB, DEFAULT_TOKEN, openStore } from '../sandbox/entry.ts';
import { consoleAuditSink } from './audit-sink.ts';
import type { CheckpointWriter } from './audit/audit-checkpoint.ts';
import { fileCheckpointSink, logCheckpointSink, startCheckpointWriter } from './audit/audit-checkpoint.ts';
import { serverAuditKey } from './audit/audit-key.ts';
import { chainKeyId } from './audit/audit-log.ts';
import { isLoopbackHost } from './config.ts';
import { createBackground } from './background.ts';
import { openConsoleDb } from './console-db.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import { OidcConfigError } from './oidc/oidc-config.ts';
import { teamRendererFrom } from './ssr/team-renderer.ts';
import type { TeamConfig } from './team-config.ts';
import { auditCheckpointBeside } from './team-config.ts';
import type { TeamContext } from './team-session.ts';
import type { ServerAppOptions } from './app.ts';
import { createServerApp } from './app.ts';

export type { RunningServer } from '../http/listen.ts';

export interface StartOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1: the default token is only safe on loopback (D8). */
  host?: string;
  /** Data directory, ':memory:', or a postgres:// URL (D15); default `.data/sandbox` (D8). Not opened in proxy mode. */
  db?: string;
  tokens?: string[];
  arrayErrors?: ArrayErrorShape;
  staticDir?: string;
  orderServiceUrl?: string;
  /** PUBLIC_URL and ALLOWED_HOSTS: the host names answered to (src/http/host-check.ts). */
  publicUrl?: string;
  allowedHosts?: readonly string[];
  log?: (line: string) => void;
  /** Passed to openStore (diagnostics). */
  storeOptions?: StoreOptions;
  /** Team mode (D16, readTeamConfig); absent: personal mode, as `npm start` always was. */
  team?: TeamConfig;
  /** CONSOLE_AUTH=oidc: the provider (loadOidcConfig). */
  oidc?: OidcConfig;
  /** Team mode: the console's pages built for Node (dist-ssr/team-render.js); without it pages go out unrendered. */
  teamRenderModule?: string;
}

/** The sandbox's store could not be opened: its data directory or database, not the console's. */
export class SandboxStoreError extends Error {
  constructor(error: StoreOpenError) {
    super(error.message, { cause: error });
    this.name = 'SandboxStoreError';
  }
}

const openSandboxStore = (db: string, options: StoreOptions | undefined) =>
  openStore(db, options).catch((error: unknown) => {
    throw error instanceof StoreOpenError ? new SandboxStoreError(error) : error;
  });

/** Every partner token this server holds (the sandbox's and each environment's): the audit log never writes one. */
function partnerTokens(options: StartOptions): string[] {
  const tokens = [...(options.tokens ?? [DEFAULT_TOKEN])];
  for (const environment of options.team?.environments ?? []) if (environment.target.kind === 'http') tokens.push(environment.target.token);
  return tokens;
}

/** Opens the sandbox's store (unless proxying), builds the console's server around its app and listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  // Before any database is opened: CONSOLE_AUTH=oidc without its provider's settings stops the start.
  if (options.team?.auth === 'oidc' && options.oidc === undefined) throw new OidcConfigError('CONSOLE_AUTH=oidc needs the OIDC_ variables (loadOidcConfig)');
  const proxying = options.orderServiceUrl !== undefined;
  const store: Store | undefined = proxying ? undefined : await openSandboxStore(options.db ?? DEFAULT_DB, options.storeOptions);
  let consoleDb: Database | undefined;
  let checkpoints: CheckpointWriter | undefined;
  // The team's bulk runs are sent from this process: stopped, and awaited, before its database closes.
  const work = createBackground();
  try {
    let team: ServerAppOptions['team'];
    if (options.team !== undefined) {
      const log = options.log ?? ((line: string) => console.info(line));
      const auditKey = options.team.auditKey ?? serverAuditKey({}, { loopback: isLoopbackHost(options.host ?? '127.0.0.1'), consoleDb: options.team.db, log });
      consoleDb = await openConsoleDb(options.team.db);
      const chainedUnder = await chainKeyId(consoleDb);
      if (chainedUnder !== null && chainedUnder !== auditKey.id) {
        log(`Audit key: the log's newest rows are chained under the key ${chainedUnder}; from now on under ${auditKey.id}. Verifying the log needs the key each row was chained under`);
      }
      const checkpointFile = options.team.auditCheckpointFile === undefined ? auditCheckpointBeside(options.team.db) : options.team.auditCheckpointFile;
      checkpoints = startCheckpointWriter({
        db: consoleDb,
        key: auditKey,
        sinks: [...(checkpointFile === null ? [] : [fileCheckpointSink(checkpointFile)]), logCheckpointSink(log)],
        log,
      });
      const ctx: TeamContext = {
        db: consoleDb,
        config: options.team,
        audit: consoleAuditSink(consoleDb, () => partnerTokens(options), auditKey),
        log,
        background: work.background,
      };
      team = {
        ctx,
        sandboxToken: options.tokens?.[0] ?? DEFAULT_TOKEN,
        ...(store !== undefined && { sandboxStore: store }),
        ...(options.oidc !== undefined && { oidc: options.oidc }),
        ...(options.teamRenderModule !== undefined && { renderer: teamRendererFrom(options.teamRenderModule, ctx.log) }),
      };
      // Loaded now, not on the first page someone opens (a few hundred ms of module loading).
      void team.renderer?.();
    }
    const sandbox = createSandboxApp({
      ...(store !== undefined && { store }),
      ...(options.tokens !== undefined && { tokens: options.tokens }),
      ...(options.arrayErrors !== undefined && { arrayErrors: options.arrayErrors }),
      ...(options.log !== undefined && { log: options.log }),
      ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
      ...(options.allowedHosts !== undefined && { allowedHosts: options.allowedHosts }),
    });
    const appOptions: ServerAppOptions = {
      sandbox,
      ...(options.staticDir !== undefined && { staticDir: options.staticDir }),
      ...(options.orderServiceUrl !== undefined && { orderServiceUrl: options.orderServiceUrl }),
      ...(options.log !== undefined && { log: options.log }),
      ...(team !== undefined && { team }),
      hosts: { publicUrl: options.publicUrl, allowedHosts: options.allowedHosts },
      ...((options.tokens ?? [DEFAULT_TOKEN]).includes(DEFAULT_TOKEN) && { developmentToken: DEFAULT_TOKEN }),
    };
    const running = await serveApp(createServerApp(appOptions), { port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    return {
      ...running,
      async close() {
        await work.stop();
        await running.close();
        // The head as this process leaves it, before the database goes.
        await checkpoints?.stop();
        await consoleDb?.close();
        await store?.close();
      },
    };
  } catch (error) {
    await work.stop();
    await checkpoints?.stop().catch(() => undefined);
    await consoleDb?.close().catch(() => undefined);
    await store?.close();
    throw error;
  }
}
