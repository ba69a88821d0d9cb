// Issue 51: the console as the PSP's gateway. Overhead: 50 creates at once against the Order Service
// (a sandbox in a child process), straight to it with the partner token and through the console
// (another child process, team mode) with a service account's key, rounds taken in turn; each create's
// latency; the gateway's median and p99 against the direct call's (budget: at most 5 ms more at the
// median, 20 ms at p99). Then the refresher's pace against that service: open orders in the index, the
// refresher at its default rate, reads counted over a window.
//
//   npx tsx bench/gateway.ts [--rounds 30] [--concurrency 50] [--refresh-seconds 12]
//   npm run bench -- gateway
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { grantSchema } from '../src/contract/grants.ts';
import { orderSchema } from '../src/contract/schemas.ts';
import { createBackground } from '../src/server/background.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import { addServiceAccount } from '../src/server/gateway/service-accounts.ts';
import { startIndexRefresher } from '../src/server/order-index/index-refresher.ts';
import { upsertImportRows } from '../src/server/order-index/order-index-store.ts';
import { upstream } from '../src/server/upstream.ts';
import type { ChildServer } from './child.ts';
import { processCpuMs, startChild } from './child.ts';
import { minimalCreateBody } from './fixtures.ts';
import type { Figure } from './report.ts';
import { budgeted, formatTable, info } from './report.ts';
import { SANDBOX_ENTRY } from './servers.ts';
import { median, percentile, round } from './stats.ts';

const GATEWAY_ENTRY = fileURLToPath(new URL('./gateway-entry.ts', import.meta.url));
const PROD_TOKEN = 'bench-gateway-partner-token-5b1f0c';
export const MEDIAN_BUDGET_MS = 5;
export const P99_BUDGET_MS = 20;

export interface GatewayBench {
  concurrency: number;
  creates: number;
  direct: { p50: number; p99: number };
  gateway: { p50: number; p99: number };
  consoleCpuPerCreateMs: number | null;
  refresh: { seconds: number; reads: number; perSecond: number; openOrders: number } | null;
}

async function round50(url: string, token: string, concurrency: number, tag: string, into: number[]): Promise<void> {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const started = performance.now();
      const response = await fetch(`${url}/psp/v2/order/`, { method: 'POST', headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(minimalCreateBody(`${tag}-${i}`)) });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`a create answered ${response.status}`);
      into.push(performance.now() - started);
    }),
  );
}

export async function measureGateway(options: { rounds: number; concurrency: number; refreshSeconds: number }): Promise<GatewayBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-gateway-'));
  const consoleDb = join(dir, 'console');
  let service: ChildServer | undefined;
  let gateway: ChildServer | undefined;
  try {
    const db = await openConsoleDb(consoleDb);
    const { key } = await addServiceAccount(db, 'bench-backend', [grantSchema.parse('agent@prod')]);
    await db.close();
    service = await startChild(SANDBOX_ENTRY, { BENCH_DB: ':memory:', BENCH_TOKENS: PROD_TOKEN });
    gateway = await startChild(GATEWAY_ENTRY, { BENCH_CONSOLE_DB: consoleDb, BENCH_SERVICE_URL: service.url, BENCH_PROD_TOKEN: PROD_TOKEN });
    const straight = { url: service.url, token: PROD_TOKEN };
    const through = { url: `${gateway.url}/env/prod`, token: key };
    for (let warm = 0; warm < 3; warm++) {
      await round50(straight.url, straight.token, options.concurrency, `warm-d${warm}`, []);
      await round50(through.url, through.token, options.concurrency, `warm-g${warm}`, []);
    }
    const direct: number[] = [];
    const viaGateway: number[] = [];
    const cpuBefore = processCpuMs(gateway.child.pid);
    for (let r = 0; r < options.rounds; r++) {
      // In turn, the order swapped each round: neither path always meets a warmer or busier machine.
      const pair = [() => round50(straight.url, straight.token, options.concurrency, `d${r}`, direct), () => round50(through.url, through.token, options.concurrency, `g${r}`, viaGateway)];
      for (const run of r % 2 === 0 ? pair : pair.reverse()) await run();
    }
    const cpuAfter = processCpuMs(gateway.child.pid);
    await gateway.stop();
    gateway = undefined;
    const refresh = options.refreshSeconds > 0 ? await measureRefreshPace(service.url, options.refreshSeconds) : null;
    return {
      concurrency: options.concurrency,
      creates: viaGateway.length,
      direct: { p50: median(direct), p99: percentile(direct, 99) },
      gateway: { p50: median(viaGateway), p99: percentile(viaGateway, 99) },
      consoleCpuPerCreateMs: cpuBefore === undefined || cpuAfter === undefined ? null : (cpuAfter - cpuBefore) / viaGateway.length,
      refresh,
    };
  } finally {
    await gateway?.stop();
    await service?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Open orders of the service in an index, the refresher at its default pace, its reads counted. */
async function measureRefreshPace(serviceUrl: string, seconds: number): Promise<GatewayBench['refresh']> {
  const db = await openConsoleDb(':memory:');
  const work = createBackground();
  try {
    const orders = [];
    for (let i = 0; i < 100; i++) {
      const response = await fetch(`${serviceUrl}/psp/v2/order/`, { method: 'POST', headers: { Authorization: `Token ${PROD_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(minimalCreateBody(`refresh-${i}`)) });
      orders.push(orderSchema.parse(await response.json()));
    }
    const empty = { email: null, first_name: null, last_name: null, phone_number: null, status: null, initial_amount: null, created_at: null };
    await upsertImportRows(db, 'prod', orders.map((o) => ({ ...empty, order_id: o.id, external_id: o.external_id })), new Date());
    const prod = { id: 'prod', name: 'Production', production: true, approvalThreshold: null, target: { kind: 'http' as const, baseUrl: serviceUrl, token: PROD_TOKEN } };
    const started = performance.now();
    const refresher = startIndexRefresher({ db, upstream: upstream(undefined), environments: [prod], perSecond: 1, background: work.background, log: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await work.stop();
    const elapsed = (performance.now() - started) / 1000;
    const reads = refresher.reads('prod');
    return { seconds: elapsed, reads, perSecond: reads / elapsed, openOrders: orders.length };
  } finally {
    await work.stop();
    await db.close();
  }
}

export function gatewayFigures(result: GatewayBench): Figure[] {
  const over = (a: number, b: number) => round(a - b, 1);
  const note = (which: 'p50' | 'p99') => `gateway ${round(result.gateway[which], 1)} ms, direct ${round(result.direct[which], 1)} ms; ${result.creates} creates each, ${result.concurrency} at once`;
  return [
    budgeted('gateway: create overhead at the median', over(result.gateway.p50, result.direct.p50), 'ms', '<=', MEDIAN_BUDGET_MS, note('p50')),
    budgeted('gateway: create overhead at p99', over(result.gateway.p99, result.direct.p99), 'ms', '<=', P99_BUDGET_MS, note('p99')),
    ...(result.consoleCpuPerCreateMs === null ? [] : [info('gateway: console CPU a create', round(result.consoleCpuPerCreateMs, 2), 'ms', 'user + system of the console process over the timed rounds')]),
    ...(result.refresh === null
      ? []
      : [info('refresher: reads a second (default 1)', round(result.refresh.perSecond, 2), '/s', `${result.refresh.reads} reads in ${round(result.refresh.seconds, 1)} s over ${result.refresh.openOrders} open orders`)]),
  ];
}

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await measureGateway({ rounds: option('rounds', 30), concurrency: option('concurrency', 50), refreshSeconds: option('refresh-seconds', 12) });
  console.info(formatTable(gatewayFigures(result)));
}
