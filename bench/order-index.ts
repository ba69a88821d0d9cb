// The team order index's search at 100,000 indexed orders, against the 200 ms budget.
//
//   npx tsx bench/order-index.ts [--orders 100000] [--runs 30] [--db :memory:|dir|postgres://…|postgres]
//   npm run bench -- index
//
// Opens a console database (PGlite in memory unless --db says otherwise; `postgres` starts a throwaway server), seeds order_index with SQL
// (two environments, customer fields on most rows as creates would leave them, statuses and amounts
// in a realistic mix over 60 days), ANALYZEs, then runs each typical search --runs times after 3
// warm-up calls, one after another, through the same code the route runs (searchIndex, first page of
// 50). Prints p50 and p95 per search and how many it found, so a search that finds nothing shows too.
import { fileURLToPath } from 'node:url';
import { orderSearchPageSchema } from '../src/contract/order-index.ts';
import { parseOrderSearch } from '../src/contract/order-search.ts';
import type { Database } from '../src/db/store-db.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import type { SearchScope } from '../src/server/order-index/order-index-search.ts';
import { searchIndex } from '../src/server/order-index/order-index-search.ts';
import { startThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import type { Figure } from './report.ts';
import { budgeted, formatTable } from './report.ts';
import { median, percentile, round } from './stats.ts';

export const SEARCH_BUDGET_MS = 200;

export const FIRST = ['Jan', 'Petr', 'Eva', 'Jana', 'Tomáš', 'Lucie', 'Martin', 'Anna', 'Pavel', 'Tereza', 'Jakub', 'Marie', 'Lukáš', 'Petra', 'David', 'Klára'];
export const LAST = ['Novák', 'Svoboda', 'Novotný', 'Dvořák', 'Černý', 'Procházka', 'Kučera', 'Veselý', 'Horák', 'Němec', 'Marek', 'Pokorný', 'Pospíšil', 'Hájek', 'Jelínek', 'Král', 'Růžička', 'Beneš', 'Fiala', 'Sedláček'];
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(',')}]`;

// Every 10th order has no customer fields (seen first through a read or a list page).
export const seedSql = (count: number) => `
INSERT INTO order_index (environment, order_id, external_id, status, service, initial_amount, current_amount, refund_amount, initial_value,
  email, first_name, last_name, phone_number, created_at, first_seen_at, last_seen_at, first_source, source)
SELECT CASE WHEN i % 4 = 0 THEN 'prod' ELSE 'sandbox' END, gen_random_uuid(), 'ORD-' || lpad(i::text, 7, '0'), s.status, 'provider-pay',
  a.amount::text, a.amount::text, '0.00', a.amount,
  CASE WHEN i % 10 <> 0 THEN 'customer' || i || '@' || (ARRAY['example.com','shop.cz','mail.test'])[1 + i % 3] END,
  CASE WHEN i % 10 <> 0 THEN (${sqlArray(FIRST)})[1 + i % ${FIRST.length}] END,
  CASE WHEN i % 10 <> 0 THEN (${sqlArray(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}] END,
  CASE WHEN i % 10 <> 0 THEN '+420 6' || lpad((i * 7919 % 100000000)::text, 8, '0') END,
  t.at, t.at, t.at + interval '1 hour', CASE WHEN i % 10 = 0 THEN 'list' ELSE 'create' END, CASE WHEN i % 3 = 0 THEN 'read' ELSE 'create' END
FROM generate_series(1, ${count}) AS i
CROSS JOIN LATERAL (SELECT round(((i * 37 % 99999) + 100)::numeric / 100, 2) AS amount) a
CROSS JOIN LATERAL (SELECT (ARRAY['new','new','data_completed','checking','accepted','activated','activated','activated','activated','activated',
  'activated','activated','refunded','refunded','rejected','canceled','canceled','error','activated','new'])[1 + i % 20] AS status) s
CROSS JOIN LATERAL (SELECT timestamptz '2026-11-26T00:00:00Z' - (i::double precision / ${count}) * interval '60 days' AS at) t;
ANALYZE order_index;`;

export interface SearchTiming {
  query: string;
  label: string;
  found: number;
  p50: number;
  p95: number;
}

export async function measureOrderIndex(options: { orders: number; runs: number; location: string }): Promise<{ seedMs: number; timings: SearchTiming[] }> {
  const db: Database = await openConsoleDb(options.location);
  try {
    const seedStart = performance.now();
    await db.exec('DELETE FROM order_index');
    await db.exec(seedSql(options.orders));
    const seedMs = performance.now() - seedStart;
    const scope: SearchScope = { environments: ['sandbox', 'prod'], customerEnvironments: ['sandbox', 'prod'] };
    const some = Math.max(1, Math.floor(options.orders / 3) + 1);
    const searches: [string, string][] = [
      ['e-mail exact', `email:customer${some}@${['example.com', 'shop.cz', 'mail.test'][some % 3] ?? ''}`],
      ['e-mail prefix', `email:customer${String(some).slice(0, 4)}*`],
      ['ext prefix', `ext:ORD-${String(some).padStart(7, '0').slice(0, 5)}`],
      ['amount range + status', 'amount:100..200 status:activated'],
      ['created range', 'created:2026-11-20..2026-11-25'],
      ['free text: last name', 'dvořák'],
      ['free text: full name', '"jana novák"'],
      ['free text: phone ending', String((some * 7919) % 100_000_000).padStart(8, '0').slice(-4)],
      // Inside a word: what pg_trgm answers (order-index-schema.ts). "rocház" is in one name of 20, "nov" in two.
      ['free text: part of last name', 'rocház'],
      ['free text: inside ext', String(some).padStart(7, '0').slice(1, 6)],
      ['free text: common piece', 'nov'],
      ['free text: inside e-mail, one order', `tomer${some}@`],
      ['free text: no match', 'zzqxw'],
      ['free text + filter', 'novák status:activated amount:>100'],
    ];
    const timings: SearchTiming[] = [];
    for (const [label, query] of searches) {
      const parsed = parseOrderSearch(query);
      if (!parsed.ok) throw new Error(`${query}: ${parsed.error}`);
      let found = 0;
      const samples: number[] = [];
      for (let run = 0; run < options.runs + 3; run++) {
        const start = performance.now();
        const page = await searchIndex(db, parsed.search, scope, null);
        const ms = performance.now() - start;
        found = page.orders.length;
        // What the console would parse (outside the timing): a seed the contract rejects measures nothing.
        if (run === 0) orderSearchPageSchema.parse({ results: page.orders, next_cursor: page.nextCursor });
        if (run >= 3) samples.push(ms);
      }
      timings.push({ label, query, found, p50: median(samples), p95: percentile(samples, 95) });
    }
    return { seedMs, timings };
  } finally {
    await db.close();
  }
}

export function orderIndexFigures(result: { timings: SearchTiming[] }, orders: number): Figure[] {
  return result.timings.map((t) =>
    budgeted(`index / ${t.label} p95 (${orders} orders)`, round(t.p95, 1), 'ms', '<=', SEARCH_BUDGET_MS, `${t.query}: p50 ${round(t.p50, 1)} ms, first page ${t.found} found`),
  );
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const orders = Number.parseInt(option('orders', '100000'), 10);
  const runs = Number.parseInt(option('runs', '30'), 10);
  const db = option('db', ':memory:');
  // --db postgres: a throwaway PostgreSQL server from the machine's binaries, durable as a real one.
  const throwaway = db === 'postgres' ? await startThrowawayPostgres({ durable: true }) : null;
  try {
    const location = throwaway === null ? db : await throwaway.createDatabase('order_index_bench');
    const result = await measureOrderIndex({ orders, runs, location });
    console.info(`${throwaway === null ? db : 'throwaway PostgreSQL'}: seeded ${orders} orders in ${(result.seedMs / 1000).toFixed(1)} s`);
    console.info(formatTable(orderIndexFigures(result, orders)));
    for (const t of result.timings) console.info(`${t.label}: ${t.query}  p50 ${round(t.p50, 1)} ms, p95 ${round(t.p95, 1)} ms, first page ${t.found} found`);
  } finally {
    await throwaway?.stop();
  }
}
