import type { AuditRow } from '../../contract/audit.ts';
import type { ChainedFields } from './audit-record.ts';

// One SELECT list for every reader of the log, giving back the fields exactly as they were hashed:
// seq and body as text, the time in the format the append wrote.

/** A timestamptz as the row keeps and hashes it: UTC, to the millisecond, ISO 8601. */
export const atText = (expression: string) => `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const ROW_COLUMNS = `seq::text AS seq, ${atText('at')} AS at, user_name AS "user", role, environment, action, order_id,
body::text AS body, outcome, address, user_agent, prev_hash, key_id, hash`;

export interface StoredRow extends ChainedFields {
  hash: string;
}

/** A stored row as the API answers it: seq a number, body the JSON value. */
export function toAuditRow(row: StoredRow): AuditRow {
  const body: unknown = JSON.parse(row.body);
  return { ...row, seq: Number(row.seq), body };
}
