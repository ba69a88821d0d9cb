import { fileURLToPath } from 'node:url';
import { displayDatabaseUrl, isDatabaseUrl, StoreOpenError } from '../db/store-open.ts';
import { readSandboxConfig, SandboxConfigError } from '../sandbox/entry.ts';
import { SecretKeyError, serverSecretKey } from './accounts/secret-key.ts';
import { AuditKeyError, serverAuditKey } from './audit/audit-key.ts';
import { displayUrl, readServerConfig, ServerConfigError } from './config.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import { loadOidcConfig, OidcConfigError } from './oidc/oidc-config.ts';
import type { ConsoleServer } from './server.ts';
import { SandboxStoreError, startServer } from './server.ts';
import { readTeamConfig, TeamConfigError } from './team-config.ts';
import type { Logger } from './ops/logger.ts';
import { createLogger } from './ops/logger.ts';
import type { OpsConfig } from './ops/ops-config.ts';
import { bulkLeaseSettings, OpsConfigError, readOpsConfig } from './ops/ops-config.ts';
import type { NotifyConfig } from './ops/notify/notify-config.ts';
import { readNotifyConfig } from './ops/notify/notify-config.ts';

// `npm start` / `npm run serve`: the built console and the sandbox on one origin (D8).

const STATIC_DIR = fileURLToPath(new URL('../../dist', import.meta.url));
// Team mode's server-rendered pages: `npm run build` writes it beside dist/.
const TEAM_RENDER_MODULE = fileURLToPath(new URL('../../dist-ssr/team-render.js', import.meta.url));

// After SIGTERM (or SIGINT) the process ends by then, whatever is still running.
const SHUTDOWN_LIMIT_MS = 30_000;

// Each part of the process names itself in what it writes: `console:` for this server's own
// settings and start, `sandbox:` for the embedded sandbox's, `oidc:` for the sign-in provider's.
type Part = 'console' | 'sandbox' | 'oidc';

function fail([part, message]: [Part, string]): never {
  console.error(`${part}: ${message}`);
  process.exit(1);
}

function describe(error: unknown): [Part, string] {
  if (error instanceof SandboxConfigError || error instanceof SandboxStoreError) return ['sandbox', error.message];
  if (error instanceof OidcConfigError) return ['oidc', error.message];
  if (error instanceof ServerConfigError || error instanceof StoreOpenError || error instanceof TeamConfigError || error instanceof AuditKeyError || error instanceof OpsConfigError || error instanceof SecretKeyError) return ['console', error.message];
  if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') return ['console', `the address is already in use (${error.message})`];
  return ['console', error instanceof Error ? error.message : String(error)];
}

async function main(): Promise<void> {
  let config;
  let sandbox;
  let team;
  let oidc: OidcConfig | undefined;
  let ops: OpsConfig;
  let logger: Logger;
  let notify: NotifyConfig | null = null;
  try {
    config = readServerConfig(process.env);
    sandbox = readSandboxConfig(process.env, { exposedHost: config.exposedHost, proxied: config.orderServiceUrl !== undefined });
    team = readTeamConfig(process.env, { hasSandbox: config.orderServiceUrl === undefined }) ?? undefined;
    if (team?.auth === 'oidc') oidc = loadOidcConfig(process.env);
    ops = readOpsConfig(process.env, { team: team !== undefined, port: config.port });
    if (team !== undefined && ops.bulkLeaseMs !== null) team.bulkRuns = { ...team.bulkRuns, ...bulkLeaseSettings(ops.bulkLeaseMs) };
    // From here on every event is one line of LOG_FORMAT (src/server/ops/logger.ts).
    logger = createLogger({ format: ops.logFormat, level: ops.logLevel });
    const log = logger;
    // Before any database is opened: beyond loopback, team mode without an audit key does not start.
    if (team !== undefined) team.auditKey = serverAuditKey(process.env, { loopback: config.exposedHost === undefined, consoleDb: team.db, log: (line) => log.info(`console: ${line}`) });
    if (team !== undefined) notify = readNotifyConfig(process.env, team);
    // Local sign-in seals second factors under a key the database does not hold (docs/accounts.md).
    if (team?.auth === 'local') team.secretKey = serverSecretKey(process.env, { loopback: config.exposedHost === undefined, consoleDb: team.db, log: (line) => log.info(`console: ${line}`) });
  } catch (error) {
    fail(describe(error));
  }

  // Signal handlers come first: a SIGTERM that arrives between "listening" and their registration
  // would otherwise kill the process with the database open. One during start-up waits for it.
  let server: ConsoleServer | undefined;
  let stopping: NodeJS.Signals | null = null;
  const shutdown = (running: ConsoleServer, signal: NodeJS.Signals) => {
    logger.info({ signal }, `${signal}: finishing requests in flight and closing the database`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        const [part, message] = describe(error);
        logger.error({ err: error }, `${part}: shutdown failed: ${message}`);
        process.exit(1);
      },
    );
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping !== null) {
      logger.error({ signal }, `console: ${signal} again, exiting without waiting`);
      process.exit(1);
    }
    stopping = signal;
    // Whatever is still running then is cut: an orchestrator's own grace period is about this long.
    setTimeout(() => {
      logger.error({ signal }, `console: still stopping after ${SHUTDOWN_LIMIT_MS / 1000} s, exiting without waiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    if (server !== undefined) shutdown(server, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    server = await startServer({
      port: config.port,
      host: config.host,
      db: sandbox.db,
      tokens: sandbox.tokens,
      arrayErrors: sandbox.arrayErrors,
      staticDir: STATIC_DIR,
      ...(config.orderServiceUrl !== undefined && { orderServiceUrl: config.orderServiceUrl }),
      ...(config.publicUrl !== undefined && { publicUrl: config.publicUrl }),
      allowedHosts: config.allowedHosts,
      logger,
      metrics: { token: ops.metricsToken, port: ops.metricsPort },
      auditSink: ops.auditSink,
      notify,
      storeOptions: { max: sandbox.poolSize, onIdleError: (line) => logger.warn(`sandbox: ${line}`) },
      ...(team !== undefined && { team, teamRenderModule: TEAM_RENDER_MODULE }),
      ...(oidc !== undefined && { oidc }),
    });
  } catch (error) {
    fail(describe(error));
  }

  // Behind a proxy the tokens are the real service's: the sandbox's development token means nothing
  // there. In team mode no token is printed at all: people sign in, the server holds the tokens.
  const tokenNote = sandbox.defaultToken && config.orderServiceUrl === undefined && team === undefined ? `  (development token: ${sandbox.tokens[0] ?? ''})` : '';
  // In proxy mode there is no sandbox here: the first line says only what listens.
  logger.info({ url: server.url }, `Order Console${config.orderServiceUrl === undefined ? ' and sandbox' : ''} listening on ${server.url}${tokenNote}`);
  if (config.orderServiceUrl !== undefined) {
    logger.info(`Proxy mode: /psp/ goes to ${displayUrl(config.orderServiceUrl)}; the sandbox routes are off`);
  } else {
    logger.info(`Sandbox database: ${isDatabaseUrl(sandbox.db) ? `${displayDatabaseUrl(sandbox.db)} (PostgreSQL)` : sandbox.db}`);
  }
  if (team !== undefined) {
    logger.info(`Team mode: sign-in ${team.auth}, environments ${team.environments.map((e) => e.id).join(', ')}; console database ${isDatabaseUrl(team.db) ? `${displayDatabaseUrl(team.db)} (PostgreSQL)` : team.db}`);
    logger.info(`Audit log: chained under the key ${team.auditKey?.id ?? '?'}; its signed head goes to ${team.auditCheckpointFile ?? 'this log only (a console in memory)'} and to this log at least every minute`);
  }
  if (server.metricsUrl !== null) logger.info({ url: server.metricsUrl }, `Metrics, health and readiness also on ${server.metricsUrl}`);
  if (stopping !== null) shutdown(server, stopping);
}

await main();
