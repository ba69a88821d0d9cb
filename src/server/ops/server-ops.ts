import { Hono } from 'hono';
import type { Database } from '../../db/store-db.ts';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import type { AppOps } from '../app.ts';
import type { Dependency } from './readiness.ts';
import { createDrain } from './drain.ts';
import type { Logger } from './logger.ts';
import { createConsoleMetrics } from './metrics.ts';
import { registerOpsRoutes } from './ops-routes.ts';
import { createReadiness } from './readiness.ts';
import { readConsoleGauges } from './scrape-readers.ts';

// What startServer (server.ts) adds to a console server to run it as a service: the
// metrics (process metrics too, when someone can read them), the gauges read from the console's
// database, and CONSOLE_METRICS_PORT's listener (/metrics, /healthz, /readyz and nothing else).

export interface ServerOpsOptions {
  logger: Logger;
  metricsToken: string | null;
  metricsPort: number | null;
  host: string;
  dependencies: readonly Dependency[];
  consoleDb?: Database;
  /** CONSOLE_SESSION_IDLE: a session idle longer is not counted as active. */
  idleMs?: number;
}

export interface ServerOps {
  appOps: AppOps;
  /** The metrics listener's URL, when there is one. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

export async function startServerOps(options: ServerOpsOptions): Promise<ServerOps> {
  const exposed = options.metricsToken !== null || options.metricsPort !== null;
  const metrics = createConsoleMetrics({ defaults: exposed });
  const drain = createDrain();
  if (options.consoleDb !== undefined) readConsoleGauges(options.consoleDb, metrics, { idleMs: options.idleMs ?? 15 * 60_000 });
  const appOps: AppOps = { logger: options.logger, metrics, drain, dependencies: options.dependencies, metricsToken: options.metricsPort === null ? options.metricsToken : null };
  let listener: RunningServer | null = null;
  if (options.metricsPort !== null) {
    const app = new Hono();
    const readiness = createReadiness(options.dependencies, { stopping: () => drain.stopping, metrics });
    registerOpsRoutes(app, { readiness, metrics, metricsToken: options.metricsToken, servesMetrics: true });
    listener = await serveApp(app, { port: options.metricsPort, host: options.host });
  }
  return {
    appOps,
    metricsUrl: listener?.url ?? null,
    async close() {
      await listener?.close();
    },
  };
}
