import type { Database, Queryable } from '../../db/store-db.ts';
import type { AuditEntry, AuditSink, ChainedFields } from './audit-record.ts';
import { auditBodyText, chainedValues, GENESIS_HASH, rowHash, withoutSecrets } from './audit-record.ts';
import type { AuditKey } from './audit-key.ts';
import { AuditKeyError } from './audit-key.ts';
import { atText } from './audit-rows.ts';

// docs/decisions.md D16: appending keeps ONE chain however many writers there are, in this process or in
// other console processes on the same PostgreSQL. Each append takes a transaction-scoped advisory
// lock first, then reads the head (a new statement, so it sees every append committed before the
// lock was granted), then inserts the row chained to it and commits, which releases the lock. seq
// is the primary key as well, so two rows can never claim one place even if the lock were bypassed.
// On PGlite (one session) the lock is simply granted and the adapter's mutex orders the appends.
// Appends that arrive together are written together (createAuditLog): one lock, one head read, one
// multi-row INSERT, each row chained to the one before it in the group.

// pg_advisory_xact_lock's key: a constant only the audit log uses ("OCAU" + 1).
const APPEND_LOCK_KEY = '5711611213597605889';

// The database's clock, not this process's: one clock for every process appending.
const HEAD_SQL = `SELECT h.seq::text AS seq, h.hash, ${atText("date_trunc('milliseconds', clock_timestamp())")} AS at
FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1) AS h ON true`;

const COLUMNS_PER_ROW = 14;
const insertSql = (rows: number) =>
  `INSERT INTO audit_log (seq, at, user_name, role, environment, action, order_id, body, outcome, address, user_agent, prev_hash, key_id, hash) VALUES ${Array.from({ length: rows }, (_, r) => {
    const p = (n: number) => `$${r * COLUMNS_PER_ROW + n}`;
    return `(${p(1)}::bigint, ${p(2)}::timestamptz, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}::json, ${p(9)}, ${p(10)}, ${p(11)}, ${p(12)}, ${p(13)}, ${p(14)})`;
  }).join(', ')}`;

// Bounds on what a caller (or a browser's User-Agent) can make one row hold. NUL is the one
// character a PostgreSQL text column refuses; a lone surrogate (or one left by the cut) would be
// stored as U+FFFD while the hash saw it escaped, so it becomes U+FFFD before either sees it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const bounded = (value: string, max: number) => value.replace(/\0/g, '').slice(0, max).replace(LONE_SURROGATE, '\uFFFD');

export interface AuditLogOptions {
  /** The partner tokens the server holds (read at each append): never written, wherever they turn up. */
  secrets?: () => readonly string[];
  /** The key rows are chained under (audit-key.ts); without one (tests of the unkeyed chain of old) plain SHA-256. */
  key?: AuditKey;
}

/** Appends written in one transaction at most: a burst of calls (the gateway's) costs one lock and one head read. */
const MAX_GROUP = 100;

interface Pending {
  entry: AuditEntry;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createAuditLog(db: Database, options: AuditLogOptions = {}): AuditSink {
  const key = options.key ?? null;
  const toFields = (entry: AuditEntry) => {
    const secrets = options.secrets?.() ?? [];
    // Secrets out before the cut, so no part of one survives at a field's end.
    const field = (value: string, max: number) => bounded(withoutSecrets(value, secrets), max);
    const optional = (value: string | null, max: number) => (value === null ? null : field(value, max));
    return {
      user: optional(entry.user, 320),
      role: optional(entry.role, 100),
      environment: optional(entry.environment, 100),
      action: field(entry.action, 100),
      order_id: optional(entry.order_id, 200),
      body: auditBodyText(entry.body, secrets),
      outcome: field(entry.outcome, 1000),
      address: optional(entry.address, 100),
      user_agent: optional(entry.user_agent, 512),
    };
  };
  /** One transaction for the group: each row chained to the one before it, all committed together. */
  const append = async (group: readonly Pending[]) => {
    const fields = group.map((pending) => toFields(pending.entry));
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [APPEND_LOCK_KEY]);
      const { rows } = await tx.query<{ seq: string | null; hash: string | null; at: string }>(HEAD_SQL);
      const head = rows[0];
      if (head === undefined) throw new Error('the audit head query returned no row');
      let seq = BigInt(head.seq ?? '0');
      let prev = head.hash ?? GENESIS_HASH;
      const values: (string | null)[] = [];
      for (const f of fields) {
        seq += 1n;
        const row: ChainedFields = { seq: String(seq), at: head.at, ...f, prev_hash: prev, key_id: key?.id ?? null };
        const hash = rowHash(row, key);
        values.push(...chainedValues(row).slice(0, 12), row.key_id, hash);
        prev = hash;
      }
      await tx.queryAndCommit(insertSql(fields.length), values);
    });
  };
  // Appends that arrive while a group is being written wait and go together in the next one; each
  // caller is answered once its own row is committed. A group that fails is written again row by
  // row, so one bad entry fails only its own caller.
  const queue: Pending[] = [];
  let draining = false;
  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      const group = queue.splice(0, MAX_GROUP);
      try {
        await append(group);
        for (const pending of group) pending.resolve();
      } catch (error) {
        if (group.length === 1) {
          group[0]?.reject(error);
          continue;
        }
        for (const pending of group) {
          await append([pending]).then(pending.resolve, pending.reject);
        }
      }
    }
    draining = false;
  };
  return {
    record(entry: AuditEntry): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        queue.push({ entry, resolve, reject });
        if (!draining) void drain();
      });
    },
  };
}

/** The id of the key the log's newest keyed row is chained under, or null (an empty or wholly unkeyed log). */
export async function chainKeyId(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ key_id: string }>('SELECT key_id FROM audit_log WHERE key_id IS NOT NULL ORDER BY seq DESC LIMIT 1');
  return rows[0]?.key_id ?? null;
}

/** Refuses to append under `key` to a log chained under another: its rows would no longer verify under one key. */
export async function assertChainKey(db: Queryable, key: AuditKey): Promise<void> {
  const current = await chainKeyId(db);
  if (current !== null && current !== key.id) {
    throw new AuditKeyError(`the audit log is chained under the key ${current}, not under this one (${key.id}): run with the console server's CONSOLE_AUDIT_KEY (or CONSOLE_AUDIT_KEY_FILE)`);
  }
}
