import { startServer } from '../src/sandbox/server.ts';
import type { RunningServer } from '../src/sandbox/server.ts';
import { AUTH_HEADER, minimalCreateBody } from './fixtures.ts';

// The sandbox the browser figures run against: in this process, PGlite in memory, serving a build.

export function startSandbox(staticDir: string, db = ':memory:'): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', db, tokens: ['dev-token'], staticDir, log: () => undefined });
}

export async function postJson(url: string, body: unknown): Promise<{ status: number; data: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: AUTH_HEADER, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** Creates `count` orders through the API, `concurrency` at a time; returns the elapsed ms. */
export async function seedOrders(baseUrl: string, count: number, concurrency: number, prefix: string): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const { status } = await postJson(`${baseUrl}/psp/v2/order/`, minimalCreateBody(`${prefix}-${n}`));
      if (status !== 201) throw new Error(`seeding order ${n} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}
