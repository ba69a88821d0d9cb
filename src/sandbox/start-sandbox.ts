import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import { createApp } from './app.ts';
import type { StoreOptions } from './store.ts';
import { openStore } from './store.ts';

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
