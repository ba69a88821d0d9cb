import { z } from 'zod';
import type { ImportSummary } from '../../contract/index-import.ts';
import { importSummarySchema } from '../../contract/index-import.ts';
import type { Queryable } from '../../db/store-db.ts';

// The imports' records (order_index_imports): the progress of one running, the report of one done.
// Saved after every batch, so another console process (the admin page polling it) sees it too.

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const COLUMNS = `id::text AS id, environment, file_name, user_name AS user, state, bytes_read::float8 AS bytes_read, rows_read, rows_indexed,
  rows_refused, refusals, error, ${iso('started_at')} AS started_at, ${iso('finished_at')} AS finished_at`;

export async function startImportRecord(db: Queryable, record: { id: string; environment: string; fileName: string; user: string | null }): Promise<void> {
  await db.query(`INSERT INTO order_index_imports (id, environment, file_name, user_name, state) VALUES ($1::uuid, $2, $3, $4, 'running')`, [
    record.id,
    record.environment,
    record.fileName.replace(/\0/g, '').slice(0, 255),
    record.user,
  ]);
}

const SAVE = `UPDATE order_index_imports SET bytes_read = $2, rows_read = $3, rows_indexed = $4, rows_refused = $5, refusals = $6::jsonb`;

export async function saveImportProgress(db: Queryable, summary: ImportSummary): Promise<void> {
  await db.query(`${SAVE} WHERE id = $1::uuid`, [summary.id, summary.bytes_read, summary.rows_read, summary.rows_indexed, summary.rows_refused, JSON.stringify(summary.refusals)]);
}

export async function finishImport(db: Queryable, summary: ImportSummary): Promise<void> {
  await db.query(`${SAVE}, state = $7, error = $8, finished_at = now() WHERE id = $1::uuid`, [
    summary.id,
    summary.bytes_read,
    summary.rows_read,
    summary.rows_indexed,
    summary.rows_refused,
    JSON.stringify(summary.refusals),
    summary.state,
    summary.error,
  ]);
}

export async function findImport(db: Queryable, id: string): Promise<ImportSummary | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM order_index_imports WHERE id = $1::uuid`, [id]);
  return rows[0] === undefined ? null : importSummarySchema.parse(rows[0]);
}

/** The newest imports into these environments. */
export async function recentImports(db: Queryable, environments: readonly string[], limit = 20): Promise<ImportSummary[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM order_index_imports WHERE environment = ANY($1::text[]) ORDER BY started_at DESC LIMIT $2::int`, [environments, limit]);
  return rows.map((row) => importSummarySchema.parse(row));
}
