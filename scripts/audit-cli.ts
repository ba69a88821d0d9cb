import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '../src/db/store-db.ts';
import { DirectoryLockedError } from '../src/db/store-dir-lock.ts';
import { displayDatabaseUrl, isDatabaseUrl, openDatabase } from '../src/db/store-open.ts';
import { readCheckpoint } from '../src/server/audit/audit-checkpoint.ts';
import type { AuditKey } from '../src/server/audit/audit-key.ts';
import { verifyingAuditKey } from '../src/server/audit/audit-key.ts';
import { chainKeyId } from '../src/server/audit/audit-log.ts';
import type { ChainHead } from '../src/server/audit/audit-verify.ts';
import { verifyAuditChain } from '../src/server/audit/audit-verify.ts';
import { consoleDbLocation, TeamConfigError } from '../src/server/team-config.ts';

// docs/decisions.md D16 and docs/security.md: `npm run audit -- verify` checks the audit chain in the
// console's database, as a pipeline or a cron job would run it. Exit 0: the chain holds; 1: it does not
// (the first row that does not is named); 2: a usage error, a database that cannot be read, or a keyed
// log without its key (one line, no stack). The key is the server's: CONSOLE_AUDIT_KEY,
// CONSOLE_AUDIT_KEY_FILE, or the one a loopback console generated beside its database.
// `--checkpoint FILE` (the signed head the server writes every minute, or a log line holding one) and
// `--known-head SEQ:HASH` (what an earlier run printed) also require that row to be there unchanged,
// which catches the newest rows removed and an emptied log. `--unkeyed-through N`: a log begun before
// the console had a key keeps its first N rows unkeyed; without it no unkeyed row is accepted.

const USAGE =
  'usage: npm run audit -- verify [--checkpoint FILE] [--known-head SEQ:HASH] [--unkeyed-through N] (reads CONSOLE_DATABASE_URL, or CONSOLE_DB, default .data/console; the key from CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE)';

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

interface Command {
  knownHead: ChainHead | undefined;
  checkpoint: string | undefined;
  unkeyedThrough: bigint | undefined;
}

function parseCommand(args: readonly string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      options: { 'known-head': { type: 'string' }, checkpoint: { type: 'string' }, 'unkeyed-through': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    throw new CliError(USAGE);
  }
  if (parsed.positionals.length !== 1 || parsed.positionals[0] !== 'verify') throw new CliError(USAGE);
  const { 'known-head': head, checkpoint, 'unkeyed-through': unkeyed } = parsed.values;
  if (unkeyed !== undefined && !/^[0-9]{1,18}$/.test(unkeyed)) throw new CliError(`--unkeyed-through must be a row number, got "${unkeyed}"`);
  const command = { checkpoint, unkeyedThrough: unkeyed === undefined ? undefined : BigInt(unkeyed) };
  if (head === undefined) return { ...command, knownHead: undefined };
  const match = /^([1-9][0-9]{0,17}):([0-9a-f]{64})$/.exec(head);
  if (match?.[1] === undefined || match[2] === undefined) throw new CliError(`--known-head must be SEQ:HASH as a run printed it, got "${head}"`);
  return { ...command, knownHead: { seq: match[1], hash: match[2] } };
}

/** The head the checkpoint file vouches for (null: the log was empty then), its signature checked. */
function checkpointHead(path: string, key: AuditKey | null): { head: ChainHead | null; at: string } {
  if (key === null) throw new CliError('--checkpoint needs the audit key that signed it: set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE');
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the checkpoint ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
  const reading = readCheckpoint(text, key);
  if (!reading.ok) throw new CliError(`the checkpoint ${path} cannot be trusted: ${reading.problem}`);
  return reading;
}

function auditKeyOf(env: CliIo['env'], location: string): AuditKey | null {
  try {
    return verifyingAuditKey(env, location);
  } catch (error) {
    throw new CliError(error instanceof Error ? error.message : String(error));
  }
}

async function verify(io: CliIo, command: Command): Promise<number> {
  const { location, name } = consoleDatabase(io.env);
  const key = auditKeyOf(io.env, location);
  const fromCheckpoint = command.checkpoint === undefined ? undefined : checkpointHead(command.checkpoint, key);
  if (fromCheckpoint !== undefined && command.knownHead !== undefined) throw new CliError('give --checkpoint or --known-head, not both');
  const knownHead = fromCheckpoint?.head ?? command.knownHead;
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
    const chainedUnder = await chainKeyId(db);
    if (chainedUnder !== null && key === null) throw new CliError(`the audit log is chained under the key ${chainedUnder}: set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE to the console server's key`);
    const check = await verifyAuditChain(db, {
      key,
      ...(knownHead !== undefined && { knownHead }),
      ...(command.unkeyedThrough !== undefined && { unkeyedThrough: command.unkeyedThrough }),
    });
    if (!check.ok) {
      io.stderr.write(`audit chain broken at row ${check.seq}: ${check.problem}\n`);
      return 1;
    }
    const unkeyed = key !== null && check.unkeyed > 0 ? `; rows 1 to ${check.unkeyed} are from before the audit key` : '';
    const since = fromCheckpoint === undefined ? '' : `; the checkpoint of ${fromCheckpoint.at} (row ${fromCheckpoint.head?.seq ?? 0}) holds`;
    io.stdout.write(check.head === null ? `audit chain holds: the log is empty${since}\n` : `audit chain holds: ${check.rows} rows, head ${check.head.seq}:${check.head.hash} (keep it for --known-head)${unkeyed}${since}\n`);
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
    return await verify(io, parseCommand(args));
  } catch (error) {
    io.stderr.write(`${oneLine(error instanceof CliError ? error.message : `unexpected: ${String(error)}`)}\n`);
    return 2;
  }
}
