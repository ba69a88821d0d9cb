import { fileURLToPath } from 'node:url';
import type { ChildServer } from './child.ts';
import { startChild } from './child.ts';
import { minimalCreateBody, TOKEN } from './fixtures.ts';

// The sandbox the browser figures run against: PGlite in memory, serving a build, in a child process
// (seeding 10,000 orders then uses both cores: the server there, the requests here).

export const SANDBOX_ENTRY = fileURLToPath(new URL('./sandbox-entry.ts', import.meta.url));

/** `tokens`: who may call it; dev-token (the console's default) unless given. */
export function startSandbox(staticDir: string, tokens: readonly string[] = [TOKEN]): Promise<ChildServer> {
  return startChild(SANDBOX_ENTRY, { BENCH_DB: ':memory:', BENCH_STATIC: staticDir, BENCH_TOKENS: tokens.join(',') });
}

export async function postJson(url: string, body: unknown, token = TOKEN): Promise<{ status: number; data: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, data: text === '' ? null : (JSON.parse(text) as unknown) };
}

/** Creates `count` orders through the API, `concurrency` at a time; returns the elapsed ms. */
export async function seedOrders(baseUrl: string, count: number, concurrency: number, prefix: string, token = TOKEN): Promise<number> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < count; n = next++) {
      const { status } = await postJson(`${baseUrl}/psp/v2/order/`, minimalCreateBody(`${prefix}-${n}`), token);
      if (status !== 201) throw new Error(`seeding order ${n} answered ${status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}
