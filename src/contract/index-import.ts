import { z } from 'zod';
import { AMOUNT_PATTERN, charCount } from './fields.ts';
import { compareMoney } from './money.ts';
import { ORDER_STATUSES } from './order-shape.ts';
import type { OrderStatus } from './schemas.ts';
import { isUuid } from './uuid.ts';

// docs/order-index.md, "Import": one row of a PSP's order export (CSV or JSON lines) as the team
// order index takes it. Pure (no SQL, no streams): the server's import reads a file row by row and
// hands each here; a refusal names the line, the field and why, in words the person can act on.

/** The columns a file may have; the first six must be there (a value may be empty). */
export const IMPORT_COLUMNS = ['order_id', 'external_id', 'email', 'first_name', 'last_name', 'phone_number', 'status', 'initial_amount', 'created_at'] as const;
export const REQUIRED_IMPORT_COLUMNS = IMPORT_COLUMNS.slice(0, 6);
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Bounds: the interface's external id, an e-mail address's, and room for any name or phone. */
const MAX_CHARS: Record<'external_id' | 'email' | 'first_name' | 'last_name' | 'phone_number', number> = {
  external_id: 255,
  email: 254,
  first_name: 255,
  last_name: 255,
  phone_number: 64,
};

export interface ImportRow {
  order_id: string;
  external_id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  status: OrderStatus | null;
  initial_amount: string | null;
  /** ISO 8601 with its offset, as given. */
  created_at: string | null;
}

export interface ImportRefusal {
  /** The file's line the row starts on, 1-based. */
  line: number;
  /** The column at fault, or null for the row as a whole. */
  field: ImportColumn | null;
  reason: string;
}

/** A progress report of one import (the CLI prints it, the admin page shows it). */
export const importSummarySchema = z.object({
  id: z.string(),
  environment: z.string(),
  file_name: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  bytes_read: z.number().int(),
  rows_read: z.number().int(),
  rows_indexed: z.number().int(),
  rows_refused: z.number().int(),
  /** The first refusals (at most MAX_REPORTED_REFUSALS), in file order. */
  refusals: z.array(z.object({ line: z.number().int(), field: z.enum(IMPORT_COLUMNS).nullable(), reason: z.string() })),
  /** Why a failed import stopped (the file is not CSV or JSON lines, a header is missing...). */
  error: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  user: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;
export const importListSchema = z.object({ results: z.array(importSummarySchema) });

/** Refusals a summary keeps; the count goes on past it. */
export const MAX_REPORTED_REFUSALS = 200;

const isStatus = (value: string): value is OrderStatus => ORDER_STATUSES.some((s) => s === value);
const isoDateTime = z.iso.datetime({ offset: true });

/** Whitespace around a value is no part of it, and an empty value is no value. */
const clean = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' ? null : text;
};

const hasControl = (text: string) => [...text].some((char) => (char.codePointAt(0) ?? 0) < 0x20 || char === '\u007f');

/** The header's problem, or null: every required column named, none twice. */
export function checkImportHeader(columns: readonly string[]): string | null {
  const names = columns.map((c) => c.trim().toLowerCase());
  const twice = names.find((name, i) => name !== '' && names.indexOf(name) !== i);
  if (twice !== undefined) return `The header names the column "${twice}" twice.`;
  const missing = REQUIRED_IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) return `The header has no column ${missing.map((m) => `"${m}"`).join(', ')}: a file needs ${REQUIRED_IMPORT_COLUMNS.join(', ')} (and may have status, initial_amount, created_at).`;
  return null;
}

/** One row (column name -> value, as read), or the first reason it is refused. */
export function parseImportRow(values: Readonly<Record<string, unknown>>, line: number): { ok: true; row: ImportRow } | { ok: false; refusal: ImportRefusal } {
  const refuse = (field: ImportColumn | null, reason: string) => ({ ok: false as const, refusal: { line, field, reason } });
  for (const column of IMPORT_COLUMNS) {
    const value = values[column];
    if (value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number') return refuse(column, 'must be text');
  }
  const orderId = clean(values['order_id']);
  if (orderId === null) return refuse('order_id', 'is empty: every row needs the order’s id');
  if (!isUuid(orderId)) return refuse('order_id', `"${orderId.slice(0, 60)}" is not an order id (a UUID)`);
  const externalId = clean(values['external_id']);
  if (externalId === null) return refuse('external_id', 'is empty: every row needs the order’s external id');
  const texts: Partial<Record<keyof typeof MAX_CHARS, string | null>> = { external_id: externalId };
  for (const field of ['email', 'first_name', 'last_name', 'phone_number'] as const) texts[field] = clean(values[field]);
  for (const field of ['external_id', 'email', 'first_name', 'last_name', 'phone_number'] as const) {
    const text = texts[field] ?? null;
    const max = MAX_CHARS[field];
    if (text === null) continue;
    if (charCount(text) > max) return refuse(field, `is longer than ${max} characters`);
    if (hasControl(text)) return refuse(field, 'holds a control character');
  }
  const email = texts.email ?? null;
  if (email !== null && !/^[^@\s]+@[^@\s]+$/.test(email)) return refuse('email', `"${email.slice(0, 60)}" is not an e-mail address`);
  const statusText = clean(values['status']);
  const status = statusText === null ? null : statusText.toLowerCase();
  if (status !== null && !isStatus(status)) return refuse('status', `"${statusText?.slice(0, 40)}" is not a status (one of: ${ORDER_STATUSES.join(', ')})`);
  const amount = clean(values['initial_amount']);
  if (amount !== null && !AMOUNT_PATTERN.test(amount)) return refuse('initial_amount', `"${amount.slice(0, 40)}" is not an amount such as 120.50`);
  if (amount !== null && compareMoney(amount, '0') <= 0) return refuse('initial_amount', 'must be more than 0');
  const created = clean(values['created_at']);
  if (created !== null && !isoDateTime.safeParse(created).success) return refuse('created_at', `"${created.slice(0, 40)}" is not a date-time with its offset, such as 2026-11-20T14:03:00Z`);
  return {
    ok: true,
    row: {
      order_id: orderId.toLowerCase(),
      external_id: externalId,
      email,
      first_name: texts.first_name ?? null,
      last_name: texts.last_name ?? null,
      phone_number: texts.phone_number ?? null,
      status: status !== null && isStatus(status) ? status : null,
      initial_amount: amount,
      created_at: created,
    },
  };
}
