import type { Queryable } from '../../db/store-db.ts';
import { GENESIS_HASH, rowHash } from './audit-record.ts';
import type { StoredRow } from './audit-rows.ts';
import { ROW_COLUMNS } from './audit-rows.ts';

// docs/decisions.md D16: `npm run audit -- verify`. Walks the whole log in seq order, a batch at a time
// (memory stays flat however long the log is), and names the first row that does not hold:
// - a row CHANGED by hand: its hash no longer matches its fields;
// - a row REMOVED: the next row's seq skips, or (renumbered) its prev_hash names another row;
// - a row INSERTED: its hash is made up, or the rows after it no longer match theirs (seq and
//   prev_hash are part of what each hash covers).
// What no unkeyed chain can show by itself is the newest rows removed: keep the head a run prints
// somewhere else and pass it as `knownHead` next time; that row must still be there, unchanged.

export type ChainCheck =
  | { ok: true; rows: number; head: ChainHead | null }
  | { ok: false; seq: string; problem: string };

const BATCH_SQL = `SELECT ${ROW_COLUMNS} FROM audit_log WHERE seq > $1::bigint ORDER BY audit_log.seq LIMIT $2::int`;

export interface ChainHead {
  seq: string;
  hash: string;
}

export async function verifyAuditChain(db: Queryable, options: { batchSize?: number; knownHead?: ChainHead } = {}): Promise<ChainCheck> {
  const { batchSize = 1000, knownHead } = options;
  let expectedSeq = 1n;
  let prevHash = GENESIS_HASH;
  let count = 0;
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
      if (rowHash(row) !== row.hash) return { ok: false, seq: row.seq, problem: 'its fields do not match its hash' };
      if (knownHead?.seq === row.seq && knownHead.hash !== row.hash) return { ok: false, seq: row.seq, problem: 'its hash is not the known head\'s' };
      prevHash = row.hash;
      expectedSeq += 1n;
      count += 1;
    }
    if (rows.length < batchSize) break;
  }
  if (knownHead !== undefined && BigInt(knownHead.seq) >= expectedSeq) {
    return { ok: false, seq: knownHead.seq, problem: `the known head is gone: the log ends at row ${expectedSeq - 1n} (rows removed from the end?)` };
  }
  return { ok: true, rows: count, head: count === 0 ? null : { seq: String(expectedSeq - 1n), hash: prevHash } };
}
