import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import type { Database } from '../db/store-db.ts';
import { StoreOpenError } from '../db/store-open.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store, StoreOptions } from '../sandbox/entry.ts';
import { createSandboxApp, DEFAULT_DB, DEFAULT_TOKEN, openStore } from '../sandbox/entry.ts';
import { consoleAuditSink } from './audit-sink.ts';
import type { AuditCheckpoint, CheckpointWriter } from './audit/audit-checkpoint.ts';
import { fileCheckpointSink, logCheckpointSink, startCheckpointWriter } from './audit/audit-checkpoint.ts';
import type { AuditKey } from './audit/audit-key.ts';
import { serverSecretKey } from './accounts/secret-key.ts';
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
import { countedAuditSink } from './ops/audit-metrics.ts';
import { callObserver } from './ops/call-metrics.ts';
import { consoleDependencies } from './ops/dependencies.ts';
import type { Logger } from './ops/logger.ts';
import { createLogger, lineLogger } from './ops/logger.ts';
import type { NotifyConfig } from './ops/notify/notify-config.ts';
import type { AuditSinkTarget } from './ops/ops-config.ts';
import { startOpsWorkers } from './ops/ops-workers.ts';
import type { ServerOps } from './ops/server-ops.ts';
import { startServerOps } from './ops/server-ops.ts';

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
  /** Where every event goes (main.ts: LOG_FORMAT, LOG_LEVEL); absent, plain lines to `log`. */
  logger?: Logger;
  /** CONSOLE_METRICS_TOKEN and CONSOLE_METRICS_PORT; absent, no /metrics. */
  metrics?: { token: string | null; port: number | null };
  /** team mode: CONSOLE_AUDIT_SINK. */
  auditSink?: AuditSinkTarget | null;
  /** team mode: the webhooks told when a refund or batch waits, is decided or ends badly (readNotifyConfig). */
  notify?: NotifyConfig | null;
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

// SIGTERM: how long the requests in flight and the background work (the current bulk row) may take
// before the connections are cut; main.ts ends the process itself at its own limit whatever happens.
const DRAIN_MS = 25_000;

export interface ConsoleServer extends RunningServer {
  /** CONSOLE_METRICS_PORT's listener, when there is one. */
  metricsUrl: string | null;
}

/** Opens the sandbox's store (unless proxying), builds the console's server around its app and listens. */
export async function startServer(options: StartOptions = {}): Promise<ConsoleServer> {
  // Before any database is opened: CONSOLE_AUTH=oidc without its provider's settings stops the start.
  if (options.team?.auth === 'oidc' && options.oidc === undefined) throw new OidcConfigError('CONSOLE_AUTH=oidc needs the OIDC_ variables (loadOidcConfig)');
  const proxying = options.orderServiceUrl !== undefined;
  const store: Store | undefined = proxying ? undefined : await openSandboxStore(options.db ?? DEFAULT_DB, options.storeOptions);
  let consoleDb: Database | undefined;
  let checkpoints: CheckpointWriter | undefined;
  let ops: ServerOps | undefined;
  const logger = options.logger ?? createLogger({ format: 'pretty', write: options.log ?? ((line) => console.info(line)) });
  // The team's bulk runs are sent from this process: stopped, and awaited, before its database closes.
  const work = createBackground();
  try {
    let team: ServerAppOptions['team'];
    let teamKey: AuditKey | undefined;
    const sandboxToken = options.tokens?.[0] ?? DEFAULT_TOKEN;
    const sandbox = createSandboxApp({
      ...(store !== undefined && { store }),
      ...(options.tokens !== undefined && { tokens: options.tokens }),
      ...(options.arrayErrors !== undefined && { arrayErrors: options.arrayErrors }),
      // Its requests are in this server's log (ops/request-events.ts); its unexpected errors too.
      log: lineLogger(logger, 'error'),
      requestLines: false,
      ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
      ...(options.allowedHosts !== undefined && { allowedHosts: options.allowedHosts }),
    });
    if (options.team !== undefined) {
      const auditKey = options.team.auditKey ?? serverAuditKey({}, { loopback: isLoopbackHost(options.host ?? '127.0.0.1'), consoleDb: options.team.db, log: lineLogger(logger) });
      consoleDb = await openConsoleDb(options.team.db);
      const chainedUnder = await chainKeyId(consoleDb);
      if (chainedUnder !== null && chainedUnder !== auditKey.id) {
        logger.warn(`Audit key: the log's newest rows are chained under the key ${chainedUnder}; from now on under ${auditKey.id}. Verifying the log needs the key each row was chained under`);
      }
      teamKey = auditKey;
    }
    ops = await startServerOps({
      logger,
      metricsToken: options.metrics?.token ?? null,
      metricsPort: options.metrics?.port ?? null,
      host: options.host ?? '127.0.0.1',
      dependencies: consoleDependencies({
        ...(consoleDb !== undefined && { consoleDb }),
        ...(options.team !== undefined && { environments: options.team.environments }),
        ...(store !== undefined && { sandbox: { app: sandbox, token: sandboxToken } }),
        ...(options.orderServiceUrl !== undefined && { proxiedService: options.orderServiceUrl }),
      }),
      ...(consoleDb !== undefined && { consoleDb }),
      ...(options.team !== undefined && { idleMs: options.team.idleMs }),
    });
    if (options.team !== undefined && consoleDb !== undefined && teamKey !== undefined) {
      const workers = startOpsWorkers({
        db: consoleDb,
        environments: options.team.environments,
        auditSink: options.auditSink ?? null,
        notify: options.notify ?? null,
        background: work.background,
        logger,
        metrics: ops.appOps.metrics,
      });
      const checkpointFile = options.team.auditCheckpointFile === undefined ? auditCheckpointBeside(options.team.db) : options.team.auditCheckpointFile;
      const stream = workers.stream;
      checkpoints = startCheckpointWriter({
        db: consoleDb,
        key: teamKey,
        sinks: [
          ...(checkpointFile === null ? [] : [fileCheckpointSink(checkpointFile)]),
          logCheckpointSink(lineLogger(logger)),
          // CONSOLE_AUDIT_SINK gets each checkpoint after the rows it vouches for.
          ...(stream === null ? [] : [{ write: (checkpoint: AuditCheckpoint) => stream.checkpoint(checkpoint) }]),
        ],
        log: lineLogger(logger, 'warn'),
      });
      // Local sign-in: second factors are sealed under a key the database does not hold (docs/accounts.md).
      const secretKey = options.team.auth === 'local' ? (options.team.secretKey ?? serverSecretKey({}, { loopback: isLoopbackHost(options.host ?? '127.0.0.1'), consoleDb: options.team.db, log: lineLogger(logger) })) : undefined;
      const ctx: TeamContext = {
        db: consoleDb,
        config: secretKey === undefined ? options.team : { ...options.team, secretKey },
        audit: countedAuditSink(consoleAuditSink(consoleDb, () => partnerTokens(options), teamKey), ops.appOps.metrics, () => workers.appended()),
        log: lineLogger(logger, 'warn'),
        background: work.background,
        observeCall: callObserver(ops.appOps.metrics),
      };
      team = {
        ctx,
        sandboxToken,
        ...(store !== undefined && { sandboxStore: store }),
        ...(options.oidc !== undefined && { oidc: options.oidc }),
        ...(options.teamRenderModule !== undefined && { renderer: teamRendererFrom(options.teamRenderModule, ctx.log) }),
      };
      // Loaded now, not on the first page someone opens (a few hundred ms of module loading).
      void team.renderer?.();
    }
    const appOptions: ServerAppOptions = {
      sandbox,
      ...(options.staticDir !== undefined && { staticDir: options.staticDir }),
      ...(options.orderServiceUrl !== undefined && { orderServiceUrl: options.orderServiceUrl }),
      ...(team !== undefined && { team }),
      ops: ops.appOps,
      hosts: { publicUrl: options.publicUrl, allowedHosts: options.allowedHosts },
      ...((options.tokens ?? [DEFAULT_TOKEN]).includes(DEFAULT_TOKEN) && { developmentToken: DEFAULT_TOKEN }),
    };
    const running = await serveApp(createServerApp(appOptions), { port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    const { drain } = ops.appOps;
    const serverOps = ops;
    let closing: Promise<void> | null = null;
    return {
      ...running,
      metricsUrl: ops.metricsUrl,
      close() {
        // No new connection; every answer from now on closes its own; the current bulk row and every
        // request in flight (an approval sending its refund) end; a run's lease is let go, so another
        // process takes the run at its next look; then the head as this process leaves it is signed,
        // and the databases close.
        closing ??= (async () => {
          drain.begin();
          const connections = running.close({ forceAfterMs: DRAIN_MS });
          await Promise.all([work.stop(DRAIN_MS), drain.settled(DRAIN_MS)]);
          await connections;
          await checkpoints?.stop();
          await serverOps.close();
          await consoleDb?.close();
          await store?.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await work.stop();
    await checkpoints?.stop().catch(() => undefined);
    await ops?.close().catch(() => undefined);
    await consoleDb?.close().catch(() => undefined);
    await store?.close();
    throw error;
  }
}
