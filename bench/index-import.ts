// Issue 51: a PSP's nightly export into the team order index: 100,000 rows of CSV imported the way
// `npm run index -- import` does it (importOrders, streamed from the file, batched upserts), timed
// against the 60 s budget; then typical searches over them, against the 200 ms budget.
//
//   npx tsx bench/index-import.ts [--rows 100000] [--runs 20] [--db :memory:|dir|postgres://…|postgres]
//   npm run bench -- import
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseOrderSearch } from '../src/contract/order-search.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import { importOrders } from '../src/server/order-index/index-import.ts';
import { searchIndex } from '../src/server/order-index/order-index-search.ts';
import { startThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import { FIRST, LAST, SEARCH_BUDGET_MS } from './order-index.ts';
import type { Figure } from './report.ts';
import { budgeted, formatTable, info } from './report.ts';
import { median, percentile, round } from './stats.ts';

export const IMPORT_BUDGET_MS = 60_000;
const STATUSES = ['new', 'activated', 'activated', 'activated', 'refunded', 'canceled', ''];

/** Writes the export: every column, a status on most rows, amounts and dates over 60 days. */
async function writeExport(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('order_id,external_id,email,first_name,last_name,phone_number,status,initial_amount,created_at\n');
  const start = Date.parse('2026-11-26T00:00:00Z');
  for (let i = 1; i <= rows; i++) {
    const first = FIRST[i % FIRST.length] ?? 'Jan';
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length] ?? 'Novák';
    const at = new Date(start - (i / rows) * 60 * 86_400_000).toISOString();
    const amount = `${(i * 37) % 9999 + 1}.${String(i % 100).padStart(2, '0')}`;
    const line = `${randomUUID()},EXP-${String(i).padStart(7, '0')},export${i}@shop.example,${first},"${last}",+420 6${String((i * 7919) % 100_000_000).padStart(8, '0')},${STATUSES[i % STATUSES.length] ?? ''},${amount},${at}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

export interface ImportBench {
  rows: number;
  bytes: number;
  importMs: number;
  indexed: number;
  refused: number;
  searches: { label: string; query: string; found: number; p50: number; p95: number }[];
}

export async function measureIndexImport(options: { rows: number; runs: number; location: string }): Promise<ImportBench> {
  const dir = mkdtempSync(join(tmpdir(), 'index-import-bench-'));
  const file = join(dir, 'export.csv');
  const db = await openConsoleDb(options.location);
  try {
    await writeExport(file, options.rows);
    await db.exec('DELETE FROM order_index');
    const started = performance.now();
    const summary = await importOrders({ db, environment: 'prod', fileName: 'export.csv', user: null, source: createReadStream(file) });
    const importMs = performance.now() - started;
    if (summary.state !== 'done') throw new Error(`the import failed: ${summary.error ?? ''}`);
    await db.exec('ANALYZE order_index');
    const some = Math.floor(options.rows / 3) + 1;
    const queries: [string, string][] = [
      ['e-mail exact', `email:export${some}@shop.example`],
      ['part of a last name', 'rocház'],
      ['full name', '"jana novák"'],
      ['phone digits', String((some * 7919) % 100_000_000).padStart(8, '0').slice(-6)],
      ['ext prefix', `ext:EXP-${String(some).padStart(7, '0').slice(0, 6)}`],
      ['status + amount', 'status:activated amount:100..200'],
    ];
    const scope = { environments: ['prod'], customerEnvironments: ['prod'] };
    const searches = [];
    for (const [label, query] of queries) {
      const parsed = parseOrderSearch(query);
      if (!parsed.ok) throw new Error(parsed.error);
      const samples: number[] = [];
      let found = 0;
      for (let run = 0; run < options.runs + 3; run++) {
        const t = performance.now();
        found = (await searchIndex(db, parsed.search, scope, null)).orders.length;
        if (run >= 3) samples.push(performance.now() - t);
      }
      searches.push({ label, query, found, p50: median(samples), p95: percentile(samples, 95) });
    }
    return { rows: options.rows, bytes: statSync(file).size, importMs, indexed: summary.rows_indexed, refused: summary.rows_refused, searches };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function indexImportFigures(result: ImportBench): Figure[] {
  return [
    budgeted(`import / ${result.rows} rows of CSV`, round(result.importMs / 1000, 1), 's', '<=', IMPORT_BUDGET_MS / 1000, `${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${result.indexed} indexed, ${result.refused} refused, ${Math.round(result.rows / (result.importMs / 1000))} rows/s`),
    ...result.searches.map((s) => budgeted(`import / search: ${s.label} p95`, round(s.p95, 1), 'ms', '<=', SEARCH_BUDGET_MS, `${s.query}: p50 ${round(s.p50, 1)} ms, first page ${s.found} found`)),
  ];
}

export const importInfo = (result: ImportBench) => info('import: rows a second', Math.round(result.rows / (result.importMs / 1000)), 'rows/s');

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const db = option('db', ':memory:');
  const throwaway = db === 'postgres' ? await startThrowawayPostgres({ durable: true }) : null;
  try {
    const location = throwaway === null ? db : await throwaway.createDatabase('index_import_bench');
    const result = await measureIndexImport({ rows: Number.parseInt(option('rows', '100000'), 10), runs: Number.parseInt(option('runs', '20'), 10), location });
    console.info(formatTable(indexImportFigures(result)));
  } finally {
    await throwaway?.stop();
  }
}
