import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/store-db.ts';
import { DirectoryLockedError } from '../src/db/store-dir-lock.ts';
import { displayDatabaseUrl, isDatabaseUrl, openDatabase } from '../src/db/store-open.ts';
import type { ChainHead } from '../src/server/audit/audit-verify.ts';
import { verifyAuditChain } from '../src/server/audit/audit-verify.ts';
import { consoleDbLocation, TeamConfigError } from '../src/server/team-config.ts';

// docs/decisions.md D16: `npm run audit -- verify` checks the audit chain in the console's database, as
// a pipeline or a cron job would run it. Exit 0: the chain holds; 1: it does not (the first row that
// does not is named); 2: a usage error or a database that cannot be read (one line, no stack).
// `--known-head SEQ:HASH` (what an earlier run printed) also requires that row to be there unchanged,
// which catches the newest rows removed.

const USAGE = 'usage: npm run audit -- verify [--known-head SEQ:HASH] (reads CONSOLE_DATABASE_URL, or CONSOLE_DB, default .data/console)';

interface Output {
  write(text: string): unknown;
}

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout: Output;
  stderr: Output;
}

class CliError extends Error {}

/** Where the console server keeps its state: read by the server's own reader (D16). */
function consoleDatabase(env: CliIo['env']): { location: string; name: string } {
  let location: string;
  try {
    location = consoleDbLocation(env);
  } catch (error) {
    throw new CliError(error instanceof TeamConfigError ? error.message : String(error));
  }
  if (isDatabaseUrl(location)) return { location, name: displayDatabaseUrl(location) };
  const path = resolve(location);
  // Opening a directory that holds no database would create an empty one: say so instead.
  if (!existsSync(join(path, 'PG_VERSION'))) throw new CliError(`no console database in ${path} (set CONSOLE_DB or CONSOLE_DATABASE_URL)`);
  return { location: path, name: path };
}

function parseCommand(args: readonly string[]): { knownHead: ChainHead | undefined } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: { 'known-head': { type: 'string' } }, allowPositionals: true, strict: true });
  } catch {
    throw new CliError(USAGE);
  }
  if (parsed.positionals.length !== 1 || parsed.positionals[0] !== 'verify') throw new CliError(USAGE);
  const head = parsed.values['known-head'];
  if (head === undefined) return { knownHead: undefined };
  const match = /^([1-9][0-9]{0,17}):([0-9a-f]{64})$/.exec(head);
  if (match?.[1] === undefined || match[2] === undefined) throw new CliError(`--known-head must be SEQ:HASH as a run printed it, got "${head}"`);
  return { knownHead: { seq: match[1], hash: match[2] } };
}

async function verify(io: CliIo, knownHead: ChainHead | undefined): Promise<number> {
  const { location, name } = consoleDatabase(io.env);
  let db: Database;
  try {
    db = await openDatabase(location, { max: 1 });
  } catch (error) {
    // An embedded database is one process's at a time: the running console server holds it.
    if (error instanceof Error && error.cause instanceof DirectoryLockedError) {
      throw new CliError(`the console database ${name} is in use by a running console; stop it to verify, or keep the console's state on PostgreSQL (CONSOLE_DATABASE_URL) to verify while it runs`);
    }
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
  try {
    const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('audit_log') IS NOT NULL AS present");
    if (rows[0]?.present !== true) throw new CliError(`no audit log in ${name}`);
    const check = await verifyAuditChain(db, knownHead === undefined ? {} : { knownHead });
    if (!check.ok) {
      io.stderr.write(`audit chain broken at row ${check.seq}: ${check.problem}\n`);
      return 1;
    }
    io.stdout.write(check.head === null ? 'audit chain holds: the log is empty\n' : `audit chain holds: ${check.rows} rows, head ${check.head.seq}:${check.head.hash} (keep it for --known-head)\n`);
    return 0;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`reading the audit log in ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await db.close().catch(() => undefined);
  }
}

// A database's message may span lines (a detail, a hint): a pipeline's log gets one.
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

export async function main(args: readonly string[], io: CliIo): Promise<number> {
  try {
    const { knownHead } = parseCommand(args);
    return await verify(io, knownHead);
  } catch (error) {
    io.stderr.write(`${oneLine(error instanceof CliError ? error.message : `unexpected: ${String(error)}`)}\n`);
    return 2;
  }
}
