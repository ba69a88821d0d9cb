import { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { createApp } from './app.ts';
import type { StoreOptions } from './store.ts';
import { openStore } from './store.ts';

// Listening on host:port with any fetch handler: the sandbox's tests serve its app on its own, and
// the console's server (src/server/server.ts) serves its composed app with the same code.

export interface RunningServer {
  /** http://host:port, no trailing slash. */
  url: string;
  port: number;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/** What serve() needs of an app: Hono's `fetch`, whatever its variables. */
export interface FetchApp {
  /** `env` is the node server's bindings (the sandbox's fault effects reach the socket through it). */
  fetch: (request: Request, env?: object) => Response | Promise<Response>;
}

// A keep-alive client that never lets go must not hold a shutdown forever.
const FORCE_CLOSE_AFTER_MS = 5_000;

/** Listens with `app` on host:port (port 0, the default, picks a free one; host 127.0.0.1). */
export function serveApp(app: FetchApp, options: { port?: number; host?: string } = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? 0, hostname: host });
    if (!(server instanceof Server)) {
      reject(new Error('expected a node:http server'));
      return;
    }
    server.once('error', reject);
    server.once('listening', () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      const hostInUrl = host.includes(':') ? `[${host}]` : host;
      let closing: Promise<void> | null = null;
      resolvePromise({
        url: `http://${hostInUrl}:${port}`,
        port,
        close() {
          closing ??= new Promise<void>((done, fail) => {
            const force = setTimeout(() => server.closeAllConnections(), FORCE_CLOSE_AFTER_MS);
            force.unref();
            server.close((error) => {
              clearTimeout(force);
              if (error) fail(error);
              else done();
            });
            server.closeIdleConnections();
          });
          return closing;
        },
      });
    });
  });
}

export interface SandboxStartOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Data directory, ':memory:', or a postgres:// URL (D15). */
  db: string;
  tokens?: string[];
  arrayErrors?: ArrayErrorShape;
  /** PUBLIC_URL and ALLOWED_HOSTS (host-check.ts). */
  publicUrl?: string;
  allowedHosts?: readonly string[];
  log?: (line: string) => void;
  storeOptions?: StoreOptions;
}

/** The sandbox alone on host:port (its API tests, benchmarks); `npm start` runs src/server/main.ts. */
export async function startSandbox(options: SandboxStartOptions): Promise<RunningServer> {
  const store = await openStore(options.db, options.storeOptions);
  try {
    const app = createApp({
      store,
      ...(options.tokens !== undefined && { tokens: options.tokens }),
      ...(options.arrayErrors !== undefined && { arrayErrors: options.arrayErrors }),
      ...(options.log !== undefined && { log: options.log }),
      ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
      ...(options.allowedHosts !== undefined && { allowedHosts: options.allowedHosts }),
    });
    const running = await serveApp(app, { port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    return { ...running, close: () => running.close().finally(() => store.close()) };
  } catch (error) {
    await store.close();
    throw error;
  }
}
