import type { AuditExportFormat } from '../../contract/audit.ts';
import type { StoredRow } from './audit-rows.ts';
import { toAuditRow } from './audit-rows.ts';

// docs/decisions.md D16: `GET /api/audit/export?format=csv|jsonl`, oldest row first, with prev_hash and
// hash so the file itself can be checked against the chain.

const COLUMNS = ['seq', 'at', 'user', 'role', 'environment', 'action', 'order_id', 'body', 'outcome', 'address', 'user_agent', 'prev_hash', 'hash'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break. A cell a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return before one) gets a
 * leading apostrophe, as OWASP's CSV injection advice says: an audit body is text someone typed.
 */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const exportHeader = (format: AuditExportFormat): string => (format === 'csv' ? csvLine(COLUMNS) : '');

export function exportLine(format: AuditExportFormat, row: StoredRow): string {
  if (format === 'jsonl') return `${JSON.stringify(toAuditRow(row))}\n`;
  return csvLine([row.seq, row.at, row.user, row.role, row.environment, row.action, row.order_id, row.body, row.outcome, row.address, row.user_agent, row.prev_hash, row.hash]);
}

export const EXPORT_CONTENT_TYPES: Readonly<Record<AuditExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

/** audit-log-2026-11-25.csv: the day of the export (UTC). */
export const exportFilename = (format: AuditExportFormat, now: Date) => `audit-log-${now.toISOString().slice(0, 10)}.${format}`;
