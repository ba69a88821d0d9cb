// How long `GET /sandbox/stats` takes for a token with 100,000 orders.
//
//   npx tsx bench/sandbox-stats.ts [--orders 100000] [--runs 20]
//
// Seeds a fresh data directory with SQL (the orders, their created events, refunds and refused
// refunds of a realistic mix, plus another token's orders the answer must leave out), starts the
// sandbox on it, then times the endpoint over HTTP: 3 warm-up calls, then --runs calls one after
// another. Prints the median and p95 and the counts it answered, so a wrong answer is visible too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sandboxPaths } from '../src/contract/paths.ts';
import { sandboxStatsSchema } from '../src/contract/stats.ts';
import { ownerKey } from '../src/sandbox/auth.ts';
import { startServer } from '../src/server/server.ts';
import { SCHEMA_SQL } from '../src/sandbox/store-schema.ts';
import { median, percentile, round } from './stats.ts';

const TOKEN = 'stats-bench-token';
const OTHER = 'stats-bench-other';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : process.argv[at + 1];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

// Statuses by i % 20: mostly activated and new, some of each other status. Orders are spread over
// the last 48 hours, so half fall in the chart's 24. Every tenth activated order has a partial
// refund, every refunded one a full one, one order in 100 a refused refund.
const seedSql = (owner: string, count: number) => `
INSERT INTO orders (id, owner, external_id, service, payment_identifier, return_url, status,
  initial_amount, current_amount, refund_amount, request, request_text, created_at, updated_at)
SELECT gen_random_uuid(), '${owner}', 'bench-' || i, 'provider-pay', 'pay-' || i, 'https://shop.example/return', s.status,
  a.amount, CASE WHEN s.status = 'refunded' THEN 0 WHEN s.status = 'activated' AND i % 10 = 0 THEN a.amount - 1 ELSE a.amount END,
  CASE WHEN s.status = 'refunded' THEN a.amount WHEN s.status = 'activated' AND i % 10 = 0 THEN 1 ELSE 0 END,
  NULL, '{}', t.at, t.at
FROM generate_series(1, ${count}) AS i
CROSS JOIN LATERAL (SELECT ((i % 99999) + 200)::numeric(10,2) / 100 AS amount) a
CROSS JOIN LATERAL (SELECT (ARRAY['new','new','new','data_completed','checking','accepted','activated','activated','activated','activated',
  'activated','activated','activated','activated','refunded','refunded','rejected','canceled','canceled','error'])[1 + i % 20] AS status) s
CROSS JOIN LATERAL (SELECT now() - (i::double precision / ${count}) * interval '48 hours' AS at) t;
INSERT INTO order_events (order_id, at, type, data)
SELECT id, created_at, 'created', json_build_object('external_id', external_id, 'initial_amount', initial_amount::text, 'status', 'new')::text
FROM orders WHERE owner = '${owner}';
INSERT INTO refunds (order_id, amount, destination_account_number, payment_identifier, external_id, created_at)
SELECT id, refund_amount, 'CZ6508000000192000145399', 'refund-' || external_id, 'refund-' || external_id, updated_at
FROM orders WHERE owner = '${owner}' AND refund_amount > 0;
INSERT INTO order_events (order_id, at, type, data)
SELECT id, updated_at, 'refund_refused', json_build_object('code', 'invalid_status', 'http_status', 409,
  'reason', 'Order is not in activated status.', 'status', status, 'request', NULL)::text
FROM orders WHERE owner = '${owner}' AND status <> 'activated' AND substr(external_id, 7)::int % 100 = 1;
`;

async function seed(dir: string, orders: number): Promise<void> {
  const db = new PGlite(dir);
  await db.exec(SCHEMA_SQL);
  await db.exec(seedSql(ownerKey(TOKEN), orders));
  await db.exec(seedSql(ownerKey(OTHER), Math.round(orders / 5)));
  await db.exec('VACUUM ANALYZE');
  await db.close();
}

async function main(): Promise<void> {
  const orders = option('orders', 100_000);
  const runs = option('runs', 20);
  const dir = mkdtempSync(join(tmpdir(), 'stats-bench-'));
  try {
    let started = performance.now();
    await seed(dir, orders);
    console.info(`seeded ${orders} orders (+ ${Math.round(orders / 5)} of another token) in ${round((performance.now() - started) / 1000)} s`);
    const server = await startServer({ port: 0, db: dir, tokens: [TOKEN, OTHER], log: () => undefined });
    try {
      const ask = async () => {
        started = performance.now();
        const response = await fetch(`${server.url}${sandboxPaths.stats()}`, { headers: { Authorization: `Token ${TOKEN}` } });
        const body: unknown = await response.json();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`stats answered ${response.status}`);
        return { ms, stats: sandboxStatsSchema.parse(body) };
      };
      for (let i = 0; i < 3; i++) await ask();
      const samples: number[] = [];
      let last = (await ask()).stats;
      for (let i = 0; i < runs; i++) {
        const answer = await ask();
        samples.push(answer.ms);
        last = answer.stats;
      }
      const hours = last.created_per_hour.reduce((n, h) => n + h.count, 0);
      console.info(`answered: ${last.orders.count} orders, ${hours} in the last 24 h, ${last.refunds.count} refunds (${last.refunds.amount}), ${last.refused_refunds.count} refused`);
      console.info(`GET /sandbox/stats at ${orders} orders: median ${round(median(samples))} ms, p95 ${round(percentile(samples, 95))} ms (${runs} runs)`);
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
