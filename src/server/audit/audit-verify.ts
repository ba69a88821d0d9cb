import type { Queryable } from '../../db/store-db.ts';
import type { AuditKey } from './audit-key.ts';
import { sameMac } from './audit-key.ts';
import { GENESIS_HASH, rowHash } from './audit-record.ts';
import type { StoredRow } from './audit-rows.ts';
import { ROW_COLUMNS } from './audit-rows.ts';

// docs/decisions.md D16 and docs/security.md: `npm run audit -- verify`. Walks the whole log in seq
// order, a batch at a time (memory stays flat however long the log is), and names the first row that
// does not hold:
// - a row CHANGED by hand: its hash no longer matches its fields (and without the key, which the
//   database does not hold, nobody can compute the hash a changed row would need);
// - a row REMOVED: the next row's seq skips, or (renumbered) its prev_hash names another row;
// - a row INSERTED: its hash is made up, or the rows after it no longer match theirs (seq and
//   prev_hash are part of what each hash covers);
// - rows hashed again WITHOUT the key (as unkeyed rows): an unkeyed row after a keyed one, or beyond
//   `unkeyedThrough` (the rows a log had before its key), is refused.
// What no chain can show by itself is the newest rows removed, or all of them: a signed checkpoint of
// the head kept outside the database (audit-checkpoint.ts) is passed as `knownHead`; that row must
// still be there, unchanged.

export type ChainCheck =
  | { ok: true; rows: number; head: ChainHead | null; unkeyed: number }
  | { ok: false; seq: string; problem: string };

const BATCH_SQL = `SELECT ${ROW_COLUMNS} FROM audit_log WHERE seq > $1::bigint ORDER BY audit_log.seq LIMIT $2::int`;

export interface ChainHead {
  seq: string;
  hash: string;
}

export interface VerifyOptions {
  batchSize?: number;
  knownHead?: ChainHead;
  /** The key rows were chained under; keyed rows cannot be checked without it. */
  key?: AuditKey | null;
  /**
   * Rows a log had before its key (unkeyed, plain SHA-256): accepted up to this seq only. Without it,
   * none are accepted when a key is given, since anyone who can write the table can make such rows.
   */
  unkeyedThrough?: bigint;
}

/** Why `row` does not hold, or null. */
function rowProblem(row: StoredRow, key: AuditKey | null, seenKeyed: boolean, unkeyedLimit: bigint | null): string | null {
  if (row.key_id === null) {
    if (seenKeyed) return 'it is not keyed, but rows before it are: it was written or hashed again without the audit key';
    if (unkeyedLimit !== null && BigInt(row.seq) > unkeyedLimit) return `it is not keyed (chained without the audit key), and only rows up to ${unkeyedLimit} may be`;
  } else {
    if (key === null) return `it is chained under the audit key ${row.key_id}: give that key (CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE) to verify it`;
    if (key.id !== row.key_id) return `it is chained under the audit key ${row.key_id}, not under the key given (${key.id})`;
  }
  return sameMac(rowHash(row, key), row.hash) ? null : 'its fields do not match its hash';
}

export async function verifyAuditChain(db: Queryable, options: VerifyOptions = {}): Promise<ChainCheck> {
  const { batchSize = 1000, knownHead } = options;
  const key = options.key ?? null;
  const unkeyedLimit = options.unkeyedThrough ?? (key === null ? null : 0n);
  let expectedSeq = 1n;
  let prevHash = GENESIS_HASH;
  let count = 0;
  let unkeyed = 0;
  let seenKeyed = false;
  for (;;) {
    const { rows } = await db.query<StoredRow>(BATCH_SQL, [String(expectedSeq - 1n), batchSize]);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (seq !== expectedSeq) {
        const missing = seq - 1n === expectedSeq ? `row ${expectedSeq} is` : `rows ${expectedSeq} to ${seq - 1n} are`;
        return { ok: false, seq: row.seq, problem: `${missing} missing before it` };
      }
      if (row.prev_hash !== prevHash) {
        return { ok: false, seq: row.seq, problem: expectedSeq === 1n ? 'the first row does not start the chain' : `it does not follow row ${expectedSeq - 1n} (prev_hash differs)` };
      }
      const problem = rowProblem(row, key, seenKeyed, unkeyedLimit);
      if (problem !== null) return { ok: false, seq: row.seq, problem };
      if (knownHead?.seq === row.seq && knownHead.hash !== row.hash) return { ok: false, seq: row.seq, problem: "its hash is not the known head's" };
      if (row.key_id === null) unkeyed += 1;
      else seenKeyed = true;
      prevHash = row.hash;
      expectedSeq += 1n;
      count += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (knownHead !== undefined && BigInt(knownHead.seq) >= expectedSeq) {
    const end = expectedSeq === 1n ? 'the log is empty' : `the log ends at row ${expectedSeq - 1n}`;
    return { ok: false, seq: knownHead.seq, problem: `the known head is gone: ${end} (rows removed from the end?)` };
  }
  return { ok: true, rows: count, head: count === 0 ? null : { seq: String(expectedSeq - 1n), hash: prevHash }, unkeyed };
}
