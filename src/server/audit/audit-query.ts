import type { AuditFilter, AuditListQuery, AuditPage } from '../../contract/audit.ts';
import type { Queryable } from '../../db/store-db.ts';
import type { StoredRow } from './audit-rows.ts';
import { ROW_COLUMNS, toAuditRow } from './audit-rows.ts';

// Reading the log for `/audit` and its export: only the filters given go into the WHERE clause, so
// PostgreSQL can use the matching index ((user_name, seq), (action, seq), (order_id, seq), (at))
// instead of one catch-all plan. Pages are keyset pages on seq: a page costs the same at row 10
// and at row 10 million, and rows appended meanwhile never shift a page.

function whereClause(filter: AuditFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  const equal: [string, string | undefined][] = [
    ['user_name', filter.user],
    ['action', filter.action],
    ['order_id', filter.order_id],
    ['environment', filter.environment],
  ];
  for (const [column, value] of equal) {
    if (value === undefined) continue;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  if (filter.from !== undefined) {
    params.push(filter.from);
    conditions.push(`at >= $${params.length}::timestamptz`);
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    conditions.push(`at < $${params.length}::timestamptz`);
  }
  return conditions;
}

/** One page, newest first, starting below `cursor` (a seq). */
export async function listAuditRows(db: Queryable, query: AuditListQuery): Promise<AuditPage> {
  const params: unknown[] = [];
  const conditions = whereClause(query, params);
  if (query.cursor !== undefined) {
    params.push(query.cursor);
    conditions.push(`seq < $${params.length}::bigint`);
  }
  // One more than the page: whether there is a next page, without counting.
  params.push(query.limit + 1);
  const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
  const { rows } = await db.query<StoredRow>(`SELECT ${ROW_COLUMNS} FROM audit_log ${where} ORDER BY audit_log.seq DESC LIMIT $${params.length}::int`, params);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return { rows: page.map(toAuditRow), next_cursor: rows.length > query.limit && last !== undefined ? last.seq : null };
}

/** Every matching row, oldest first, a batch at a time: what an export streams. */
export async function* auditRowsInOrder(db: Queryable, filter: AuditFilter, batchSize = 500): AsyncGenerator<StoredRow[]> {
  let after = '0';
  for (;;) {
    const params: unknown[] = [];
    const conditions = whereClause(filter, params);
    params.push(after);
    conditions.push(`seq > $${params.length}::bigint`);
    params.push(batchSize);
    const { rows } = await db.query<StoredRow>(`SELECT ${ROW_COLUMNS} FROM audit_log WHERE ${conditions.join(' AND ')} ORDER BY audit_log.seq LIMIT $${params.length}::int`, params);
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < batchSize) return;
    after = last.seq;
  }
}
