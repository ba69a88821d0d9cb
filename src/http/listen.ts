import { Server } from 'node:http';
import { serve } from '@hono/node-server';

// Listening on host:port with any fetch handler: the sandbox serves its app on its own (its tests,
// benchmarks), and the console's server (src/server/server.ts) serves its composed app.

export interface RunningServer {
  /** http://host:port, no trailing slash. */
  url: string;
  port: number;
  /**
   * Stops accepting and lets requests in flight finish (a server that opened a database closes it
   * after); connections still open after `forceAfterMs` (default FORCE_CLOSE_AFTER_MS) are cut.
   */
  close(options?: { forceAfterMs?: number }): Promise<void>;
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
        close(options = {}) {
          closing ??= new Promise<void>((done, fail) => {
            const force = setTimeout(() => server.closeAllConnections(), options.forceAfterMs ?? FORCE_CLOSE_AFTER_MS);
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
