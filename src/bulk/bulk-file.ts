import { withDecimalPoint } from '../contract/amount-text.ts';
import type { CsvSeparator } from './csv.ts';
import { CSV_SEPARATORS, parseCsv } from './csv.ts';

// A bulk refund file: a header row naming the columns, then one refund per row.

export const REQUIRED_COLUMNS = ['order_id', 'amount', 'reason'] as const;
/** Optional: the account this row's refund goes to, when not the batch's. */
export const ACCOUNT_COLUMN = 'destination_account_number';
export const KNOWN_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ACCOUNT_COLUMN];

/** One row as the file has it, cells trimmed (D11: the service trims them too). */
export interface BulkRowInput {
  /** Stable for the life of the batch (the file's line number, unique): rows are edited and dropped by it. */
  key: string;
  line: number;
  order_id: string;
  /** A decimal string, `full`, or whatever the file held (the checks say what is wrong with it). */
  amount: string;
  reason: string;
  /** Empty: the batch's account. */
  destination_account_number: string;
}

export type BulkFileResult =
  | { ok: true; rows: BulkRowInput[]; ignoredColumns: string[]; separator: CsvSeparator }
  | { ok: false; error: string };

/** How the page names a separator: "Read as semicolon-separated". */
export const SEPARATOR_NAMES: Readonly<Record<CsvSeparator, string>> = { ',': 'comma-separated', ';': 'semicolon-separated', '\t': 'TAB-separated' };

/**
 * The separator of the header row: the one that splits it into the required columns, else the one
 * it holds most of (its missing columns are then named as that separator reads them), else a comma.
 * A spreadsheet in a language whose decimal mark is a comma writes semicolons.
 */
export function detectSeparator(text: string): CsvSeparator {
  const header = (text.startsWith('\uFEFF') ? text.slice(1) : text).split(/\r\n|\r|\n/, 1)[0] ?? '';
  const names = (separator: CsvSeparator) => header.split(separator).map((name) => name.trim().replace(/^"(.*)"$/, '$1').trim().toLowerCase());
  const fitting = CSV_SEPARATORS.find((separator) => REQUIRED_COLUMNS.every((column) => names(separator).includes(column)));
  if (fitting !== undefined) return fitting;
  const counts = CSV_SEPARATORS.map((separator) => ({ separator, count: header.split(separator).length - 1 }));
  const most = counts.reduce((best, next) => (next.count > best.count ? next : best));
  return most.count > 0 ? most.separator : ',';
}

export function readBulkFile(text: string): BulkFileResult {
  const separator = detectSeparator(text);
  const parsed = parseCsv(text, separator);
  if (!parsed.ok) return parsed;
  const [header, ...body] = parsed.records;
  if (header === undefined) return { ok: false, error: 'The file is empty: it needs a header row (order_id,amount,reason) and one row per refund' };
  const names = header.fields.map((f) => f.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      error: `The header row lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (it must name order_id, amount and reason; read as ${SEPARATOR_NAMES[separator]})`,
    };
  }
  const repeated = names.filter((n, i) => n !== '' && names.indexOf(n) !== i);
  if (repeated.length > 0) return { ok: false, error: `The header row names ${repeated[0] ?? ''} twice` };
  const at = (column: string) => names.indexOf(column);
  const cell = (fields: string[], column: string) => {
    const index = at(column);
    return index < 0 ? '' : (fields[index] ?? '').trim();
  };
  const rows: BulkRowInput[] = [];
  for (const record of body) {
    // A blank line (often the last one a spreadsheet writes) is not a refund.
    if (record.fields.every((f) => f.trim() === '')) continue;
    rows.push({
      key: `line-${record.line}`,
      line: record.line,
      order_id: cell(record.fields, 'order_id'),
      // With semicolons or TABs between fields, a comma in an amount is its decimal mark (12,50).
      amount: separator === ',' ? cell(record.fields, 'amount') : withDecimalPoint(cell(record.fields, 'amount')),
      reason: cell(record.fields, 'reason'),
      destination_account_number: cell(record.fields, ACCOUNT_COLUMN),
    });
  }
  if (rows.length === 0) return { ok: false, error: 'The file has a header row but no refunds' };
  return { ok: true, rows, ignoredColumns: names.filter((n) => n !== '' && !KNOWN_COLUMNS.includes(n)), separator };
}

/** The template offered for download: the header and nothing else. */
export const BULK_TEMPLATE_CSV = 'order_id,amount,reason\r\n';

/**
 * The example offered for download (examples/bulk-refunds.csv holds the same): a full refund, a
 * partial one, reasons as the refund dialog takes them (listed, or "Other: " with the words, here
 * quoted for its comma), a row with its own account. The ids are placeholders: uploaded as they
 * are, every row says "Unknown order".
 */
export const BULK_EXAMPLE_CSV = [
  'order_id,amount,reason,destination_account_number',
  '3b0d8f5e-2a44-4c1e-9f3a-6d2c1b7e9a01,full,Customer request,',
  '7c9e6679-7425-40de-944b-e07fc1f90ae7,12.50,Duplicate payment,',
  'a1f5c2d4-8b3e-4f6a-9c7d-2e1b0a9f8c65,5.00,"Other: Late delivery, partial refund",CZ6508000000192000145399',
  '',
].join('\r\n');
