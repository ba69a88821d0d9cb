// RFC 4180 CSV, as spreadsheets write it: fields separated by commas, records by CRLF (a bare LF or
// CR is accepted too), a field in double quotes may hold commas, line breaks and "" for one quote.
// Spreadsheets set to a language whose decimal mark is a comma (most of Europe) separate fields
// with semicolons instead, and "Text (tab delimited)" exports with TABs: the separator is a parameter.
// A UTF-8 byte order mark (Excel's "CSV UTF-8") is dropped. Pure: the browser and, in team mode, the
// console server parse a file the same way.

/** A bulk refund file holds at most this many data rows: a batch is reviewed row by row by a person. */
export const MAX_CSV_ROWS = 1_000;
/** And at most this many characters (1,000 rows of an id, an amount and a reason fit with room to spare). */
export const MAX_CSV_CHARS = 1_048_576;

export interface CsvRecord {
  /** The physical line the record starts on, 1-based, as an editor shows it. */
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; error: string };

/** The field separators a file may use. */
export const CSV_SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

/** Every record of `text`, or the first reason it is not CSV. Limits: MAX_CSV_CHARS, MAX_CSV_ROWS + 1 (the header). */
export function parseCsv(text: string, separator: CsvSeparator = ','): CsvResult {
  if (text.length > MAX_CSV_CHARS) return { ok: false, error: `The file is larger than ${MAX_CSV_CHARS / 1_048_576} MiB` };
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // Whether the current field was quoted, and whether anything at all was read for the record (a
  // last line without a line break still counts; an empty last line does not).
  let quoted = false;
  let started = false;

  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quoted = false;
    started = false;
  };

  while (i < source.length) {
    const ch = source.charAt(i);
    if (quoted) {
      if (ch === '"') {
        if (source.charAt(i + 1) === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = source.charAt(i);
        if (next !== '' && next !== separator && next !== '\r' && next !== '\n') {
          return { ok: false, error: `Line ${line}: text after a closing quote (write "" for a quote inside a quoted field)` };
        }
        continue;
      }
      if (ch === '\n' || (ch === '\r' && source.charAt(i + 1) !== '\n')) line += 1;
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (field !== '') return { ok: false, error: `Line ${line}: a quote inside an unquoted field (quote the whole field and write "" for the quote)` };
      quoted = true;
      started = true;
      i += 1;
      continue;
    }
    if (ch === separator) {
      fields.push(field);
      field = '';
      started = true;
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && source.charAt(i + 1) === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      if (records.length > MAX_CSV_ROWS + 1) return { ok: false, error: `More than ${MAX_CSV_ROWS} rows: split the file` };
      continue;
    }
    field += ch;
    started = true;
    i += 1;
  }
  if (quoted) return { ok: false, error: `Line ${recordLine}: a quoted field is never closed` };
  if (started || field !== '') endRecord();
  if (records.length > MAX_CSV_ROWS + 1) return { ok: false, error: `More than ${MAX_CSV_ROWS} rows: split the file` };
  return { ok: true, records };
}

/** One field as CSV writes it: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Records as RFC 4180 text, CRLF line ends. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * A cell a spreadsheet would not run as a formula: text that starts with =, +, -, @, tab or CR gets
 * a leading apostrophe (OWASP "CSV injection"). For files the console writes from text others typed
 * (reasons, the service's messages); amounts are written as they are.
 */
export function inertCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
