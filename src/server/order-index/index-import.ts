import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { ImportRefusal, ImportRow, ImportSummary } from '../../contract/index-import.ts';
import { checkImportHeader, MAX_REPORTED_REFUSALS, parseImportRow } from '../../contract/index-import.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { Database } from '../../db/store-db.ts';
import { upsertImportRows } from './order-index-store.ts';
import { finishImport, saveImportProgress, startImportRecord } from './import-records.ts';

// A PSP's order export into the team order index (docs/order-index.md, "Import"): CSV (RFC 4180, a
// header row naming the columns) or JSON lines (one object a line), told apart by the first character.
// The file is read as a stream and written in batches of BATCH rows, each one multi-row upsert
// (order-index-store.ts), so at most one batch of rows is held at a time whatever the file's size.
// A row that cannot be taken is refused with its line, field and reason and the rest go on; a file
// that is not CSV or JSON lines at all stops the import there (rows before it stay indexed). The
// import's record (import-records.ts) is saved after each batch: the CLI and the admin page show it
// as progress, and it stays as the report.
// CSV is parsed by csv-parse (streaming, quoted line breaks, a byte order mark); bulk/csv.ts parses a
// whole bounded file at once for the browser and is not built to stream.

export const BATCH = 2_000;
/** An import reads at most this much (some two million rows of a typical export). */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** One line or record of an export is far smaller than this. */
const MAX_RECORD_CHARS = 64 * 1024;

export class ImportError extends Error {}

export interface ImportInput {
  db: Database;
  environment: string;
  fileName: string;
  user: string | null;
  /** The file's bytes, as they come (a file stream, a request body). */
  source: AsyncIterable<Uint8Array>;
  onProgress?: (summary: ImportSummary) => void;
  /** The import's id, when the caller must know it before the import ends (the admin page follows it). */
  id?: string;
  /** Tests: a smaller bound. */
  maxBytes?: number;
}

interface Counter {
  bytes: number;
}

/** Passes the bytes on, counting them, and stops with ImportError past the bound. */
async function* counted(source: AsyncIterable<Uint8Array>, counter: Counter, maxBytes: number): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    counter.bytes += chunk.length;
    if (counter.bytes > maxBytes) throw new ImportError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB: split it.`);
    yield chunk;
  }
}

type Entry = { line: number; values: Record<string, unknown> } | { line: number; refusal: ImportRefusal };

/** What csv-parse yields with `info: true`: the record's fields and the line it ends on. */
function isCsvItem(item: unknown): item is { record: string[]; info: { lines: number } } {
  if (typeof item !== 'object' || item === null || !('record' in item) || !('info' in item)) return false;
  const { record, info } = item;
  return Array.isArray(record) && record.every((field) => typeof field === 'string') && typeof info === 'object' && info !== null && 'lines' in info && typeof info.lines === 'number';
}

async function* csvEntries(input: Readable): AsyncGenerator<Entry> {
  const parser = input.pipe(parse({ info: true, bom: true, relax_column_count: true, max_record_size: MAX_RECORD_CHARS }));
  let header: string[] | null = null;
  let previousEnd = 0;
  try {
    for await (const item of parser) {
      if (!isCsvItem(item)) throw new ImportError('The CSV reader gave something unexpected.');
      const line = previousEnd + 1;
      previousEnd = item.info.lines;
      const record = item.record;
      if (record.length === 1 && record[0]?.trim() === '') continue;
      if (header === null) {
        header = record.map((name) => name.trim().toLowerCase());
        const problem = checkImportHeader(header);
        if (problem !== null) throw new ImportError(`Line ${line}: ${problem}`);
        continue;
      }
      if (record.length !== header.length) {
        yield { line, refusal: { line, field: null, reason: `has ${record.length} fields where the header names ${header.length}` } };
        continue;
      }
      const values: Record<string, unknown> = {};
      header.forEach((name, i) => {
        values[name] = record[i];
      });
      yield { line, values };
    }
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const where = typeof error === 'object' && error !== null && 'lines' in error && typeof error.lines === 'number' ? `Line ${error.lines}: ` : '';
    throw new ImportError(`${where}the file is not CSV as expected (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (header === null) throw new ImportError('The file is empty: it needs a header row and at least one order.');
}

async function* jsonLineEntries(input: Readable): AsyncGenerator<Entry> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim();
    if (trimmed === '') continue;
    if (trimmed.length > MAX_RECORD_CHARS) {
      yield { line, refusal: { line, field: null, reason: `is longer than ${MAX_RECORD_CHARS} characters` } };
      continue;
    }
    const value = parseJson(trimmed);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      yield { line, refusal: { line, field: null, reason: 'is not a JSON object (JSON lines: one {...} a line)' } };
      continue;
    }
    const values: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) values[key.toLowerCase()] = item;
    yield { line, values };
  }
}

/** The first bytes decide: `{` (after a byte order mark and blanks) is JSON lines, anything else CSV. */
async function* withFormat(source: AsyncIterable<Uint8Array>): AsyncGenerator<Entry> {
  const iterator = source[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let head = '';
  while (head.trim() === '') {
    const next = await iterator.next();
    if (next.done === true) break;
    first.push(next.value);
    head = new TextDecoder().decode(Buffer.concat(first)).replace(/^\uFEFF/, '');
  }
  async function* rest(): AsyncGenerator<Uint8Array> {
    yield* first;
    for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield next.value;
  }
  const input = Readable.from(rest());
  yield* head.trimStart().startsWith('{') ? jsonLineEntries(input) : csvEntries(input);
}

/** Reads the file into the environment's index; the summary says what was taken and refused. */
export async function importOrders(input: ImportInput): Promise<ImportSummary> {
  const { db, environment } = input;
  const id = input.id ?? randomUUID();
  const startedAt = new Date();
  await startImportRecord(db, { id, environment, fileName: input.fileName, user: input.user });
  const counter: Counter = { bytes: 0 };
  const progress = { id, environment, file_name: input.fileName, user: input.user, started_at: startedAt.toISOString(), rows_read: 0, rows_indexed: 0, rows_refused: 0, refusals: [] as ImportRefusal[] };
  const summary = (state: ImportSummary['state'], error: string | null = null, finishedAt: Date | null = null): ImportSummary => ({
    ...progress,
    refusals: [...progress.refusals],
    state,
    bytes_read: counter.bytes,
    error,
    finished_at: finishedAt?.toISOString() ?? null,
  });
  let batch: ImportRow[] = [];
  const flush = async () => {
    if (batch.length > 0) await upsertImportRows(db, environment, batch, startedAt);
    progress.rows_indexed += batch.length;
    batch = [];
    const now = summary('running');
    await saveImportProgress(db, now);
    input.onProgress?.(now);
  };
  try {
    for await (const entry of withFormat(counted(input.source, counter, input.maxBytes ?? MAX_IMPORT_BYTES))) {
      progress.rows_read += 1;
      const parsed = 'refusal' in entry ? { ok: false as const, refusal: entry.refusal } : parseImportRow(entry.values, entry.line);
      if (parsed.ok) {
        batch.push(parsed.row);
        if (batch.length >= BATCH) await flush();
      } else {
        progress.rows_refused += 1;
        if (progress.refusals.length < MAX_REPORTED_REFUSALS) progress.refusals.push(parsed.refusal);
      }
    }
    await flush();
    const done = summary('done', null, new Date());
    await finishImport(db, done);
    return done;
  } catch (error) {
    // Rows of batches written stay indexed; the ones of the batch in hand are said as not taken.
    const failed = summary('failed', error instanceof ImportError ? error.message : `The import stopped: ${error instanceof Error ? error.message : String(error)}`, new Date());
    await finishImport(db, failed).catch(() => undefined);
    return failed;
  }
}
