import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportSummary } from '../../contract/index-import.ts';
import type { Database } from '../../db/store-db.ts';
import { consoleAuditSink } from '../audit-sink.ts';
import { AuditKeyError, serverAuditKey } from '../audit/audit-key.ts';
import { assertChainKey } from '../audit/audit-log.ts';
import { openConsoleDb } from '../console-db.ts';
import { consoleDbLocation, environmentIds, TeamConfigError } from '../team-config.ts';
import { importOrders } from './index-import.ts';

// `npm run index -- import FILE --env ID`: a PSP's order export (CSV or JSON lines) into the team order
// index of one environment (docs/order-index.md). Progress on stderr about once a second, the refused
// rows (line, field, reason) and the totals at the end; the import is audited as `order_import`.
// Exit 0 imported (some rows may have been refused: they are listed), 1 the import failed or the file
// cannot be read, 2 usage. With the embedded database, stop the server first (one process per directory).

export const USAGE = `usage: npm run index -- import FILE --env ID
  FILE  CSV with a header row, or JSON lines (one object a line); columns order_id, external_id, email,
        first_name, last_name, phone_number, and optionally status, initial_amount, created_at
  ID    the environment the orders belong to (the embedded sandbox's or one of CONSOLE_ENVIRONMENTS')
The console's database: CONSOLE_DATABASE_URL, else CONSOLE_DB (default .data/console).`;

export interface IndexCliIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
}

class UsageError extends Error {}

const count = (n: number) => n.toLocaleString('en-US');

function describeSummary(summary: ImportSummary, out: (line: string) => void): void {
  for (const refusal of summary.refusals) out(`line ${refusal.line}${refusal.field === null ? '' : `, ${refusal.field}`}: ${refusal.reason}`);
  if (summary.rows_refused > summary.refusals.length) out(`… and ${count(summary.rows_refused - summary.refusals.length)} more refused rows`);
  out(`${summary.state === 'done' ? 'imported' : 'stopped'}: ${count(summary.rows_read)} rows read, ${count(summary.rows_indexed)} indexed, ${count(summary.rows_refused)} refused`);
  if (summary.error !== null) out(`import failed: ${summary.error}`);
}

export async function indexCli(args: string[], io: IndexCliIo, open: (location: string) => Promise<Database> = openConsoleDb): Promise<number> {
  let db: Database | undefined;
  try {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { env: { type: 'string' } } });
    const [command, file, ...extra] = positionals;
    if (command !== 'import') throw new UsageError(command === undefined ? 'name a command' : `unknown command "${command}"`);
    if (file === undefined) throw new UsageError('name the FILE to import');
    if (extra.length > 0) throw new UsageError(`unexpected ${extra.join(' ')}`);
    const environment = values.env;
    if (environment === undefined) throw new UsageError('give --env ID, the environment the orders belong to');
    const ids = environmentIds(io.env);
    if (!ids.includes(environment)) {
      io.err(`index: there is no environment "${environment}": the environments are ${ids.join(', ')}`);
      return 1;
    }
    const size = (await stat(file)).size;
    const location = consoleDbLocation(io.env);
    // The server's key, found as a console on this machine finds it: the import's row chains under it.
    const key = serverAuditKey(io.env, { loopback: true, consoleDb: location, log: io.err });
    db = await open(location);
    await assertChainKey(db, key);
    let lastSaid = 0;
    const summary = await importOrders({
      db,
      environment,
      fileName: basename(file),
      user: null,
      source: createReadStream(file),
      onProgress: (now) => {
        if (Date.now() - lastSaid < 1000) return;
        lastSaid = Date.now();
        const share = size === 0 ? 100 : Math.min(100, Math.round((now.bytes_read / size) * 100));
        io.err(`${share}%: ${count(now.rows_read)} rows read, ${count(now.rows_indexed)} indexed, ${count(now.rows_refused)} refused`);
      },
    });
    await consoleAuditSink(db, () => [], key).record({
      user: null,
      role: 'cli',
      environment,
      action: 'order_import',
      order_id: null,
      body: { file: basename(file), bytes: summary.bytes_read, rows_read: summary.rows_read, rows_indexed: summary.rows_indexed, rows_refused: summary.rows_refused, import_id: summary.id },
      outcome: summary.state === 'done' ? 'ok' : `failed: ${summary.error ?? ''}`,
      address: null,
      user_agent: 'npm run index',
    });
    describeSummary(summary, io.out);
    return summary.state === 'done' ? 0 : 1;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS'))) {
      io.err(`index: ${error.message}`);
      io.err(USAGE);
      return 2;
    }
    if (error instanceof TeamConfigError || error instanceof AuditKeyError) {
      io.err(`index: ${error.message}`);
      return 1;
    }
    io.err(`index: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.close();
  }
}
