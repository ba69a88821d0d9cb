import { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import type { AppOptions } from './app.ts';
import { createApp } from './app.ts';
import type { SandboxEnv } from './auth.ts';
import type { Store, StoreOptions } from './store.ts';
import { openStore } from './store.ts';

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
  /** PUBLIC_URL and ALLOWED_HOSTS (host-check.ts). */
  publicUrl?: string;
  allowedHosts?: readonly string[];
  log?: (line: string) => void;
  /** Passed to openStore (diagnostics). */
  storeOptions?: StoreOptions;
}

export interface RunningServer {
  /** http://host:port, no trailing slash. */
  url: string;
  port: number;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

export const DEFAULT_DB = '.data/sandbox';
// A keep-alive client that never lets go must not hold a shutdown forever.
const FORCE_CLOSE_AFTER_MS = 5_000;

/** Listens with `app` on host:port. Exported so tests can serve two apps over one store. */
export function serveApp(app: Hono<SandboxEnv>, options: { port?: number; host?: string } = {}): Promise<RunningServer> {
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

/** Opens the store (unless proxying), builds the app and listens. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const proxying = options.orderServiceUrl !== undefined;
  const store: Store | undefined = proxying ? undefined : await openStore(options.db ?? DEFAULT_DB, options.storeOptions);
  try {
    const appOptions: AppOptions = {
      ...(store !== undefined && { store }),
      ...(options.tokens !== undefined && { tokens: options.tokens }),
      ...(options.arrayErrors !== undefined && { arrayErrors: options.arrayErrors }),
      ...(options.staticDir !== undefined && { staticDir: options.staticDir }),
      ...(options.orderServiceUrl !== undefined && { orderServiceUrl: options.orderServiceUrl }),
      ...(options.log !== undefined && { log: options.log }),
      ...(options.publicUrl !== undefined && { publicUrl: options.publicUrl }),
      ...(options.allowedHosts !== undefined && { allowedHosts: options.allowedHosts }),
    };
    const running = await serveApp(createApp(appOptions), { port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    return {
      ...running,
      async close() {
        await running.close();
        await store?.close();
      },
    };
  } catch (error) {
    await store?.close();
    throw error;
  }
}
