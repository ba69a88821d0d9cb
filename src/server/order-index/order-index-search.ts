import { z } from 'zod';
import type { IndexedOrder, IndexSource } from '../../contract/order-index.ts';
import type { AmountFilter, OrderSearch } from '../../contract/order-search.ts';
import type { OrderStatus, Service } from '../../contract/schemas.ts';
import type { Database, Queryable } from '../../db/store-db.ts';
import { sqlState } from '../../db/store-db.ts';

// A parsed search (contract/order-search.ts) as one SELECT on order_index. Every value is a
// parameter; the statement's text depends only on which filters are present, so the adapters keep a
// handful of prepared statements. Free text matches inside the fields, filters are exact or prefix
// matches (order-index-schema.ts says which index answers which).
// Personal data: customer-field conditions apply only in the environments where the person may read
// customer data, and only there do the answers carry the customer fields.

export const PAGE_SIZE = 50;

/**
 * How long one search's statement may run on PostgreSQL before the server cancels it. PGlite has no
 * timer to cancel a statement with: there the bounds are the query's length and words, the window and
 * the page.
 */
export const SEARCH_TIMEOUT_MS = 5_000;

/** A search the database cancelled for running past SEARCH_TIMEOUT_MS. */
export class SearchTooCostlyError extends Error {
  constructor() {
    super('This search took too long to answer.');
  }
}

/** One search statement, on PostgreSQL in a transaction of its own that cancels it past `timeoutMs`. */
async function timedRows<T>(db: Database, text: string, values: unknown[], timeoutMs: number): Promise<T[]> {
  if (db.kind !== 'postgres') return (await db.query<T>(text, values)).rows;
  try {
    return await db.transaction(async (tx) => {
      await tx.query("SELECT set_config('statement_timeout', $1, true)", [String(Math.max(1, Math.round(timeoutMs)))]);
      return (await tx.queryAndCommit<T>(text, values)).rows;
    });
  } catch (error) {
    // 57014: query_canceled, which statement_timeout raises.
    if (sqlState(error) === '57014') throw new SearchTooCostlyError();
    throw error;
  }
}

// Above every character a prefix can be followed by, in the "C" collation (byte order of UTF-8).
const TOP = '\u{10FFFF}';

export interface SearchScope {
  /** Environments the person may read orders in (and the search asked for). */
  environments: readonly string[];
  /** Of those, the ones where they may read customer data. */
  customerEnvironments: readonly string[];
}

const cursorSchema = z.tuple([z.iso.datetime({ offset: true }), z.string().max(40), z.uuid()]);
export type SearchCursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor a page handed out, or null when the text is not one (a tampered or truncated link). */
export function decodeCursor(text: string): SearchCursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface Row {
  environment: string;
  order_id: string;
  external_id: string;
  status: OrderStatus | null;
  service: Service | null;
  initial_amount: string | null;
  current_amount: string | null;
  refund_amount: string | null;
  created_at: string | null;
  /** The sort key: created_at, or when a file without dates was read. */
  sort_at: string;
  not_found_at: string | null;
  first_seen_at: string;
  last_seen_at: string;
  first_source: IndexSource;
  source: IndexSource;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  customer_visible: boolean;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = 'text'): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

const prefixOf = (p: Params, column: string, prefix: string) => `(${column} >= ${p.add(prefix)} AND ${column} < ${p.add(prefix + TOP)})`;

// LIKE's own characters in a word are literal (backslash is LIKE's default escape).
const contains = (p: Params, column: string, text: string) => `${column} LIKE ${p.add(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`;

// pg_trgm finds a word inside a column by its three-character pieces (a run of letters or digits, with
// a blank where the run meets a space or a dash): a word of fewer than three characters, or without two
// letters or digits in a row, has none and would read the whole index. Such a word ("jo", "a.b") stays
// a prefix, which the btrees answer.
const hasTrigram = (term: string) => [...term].length >= 3 && /[\p{L}\p{N}]{2}/u.test(term);

/** One free-text word: inside the external id, or (where the person may read them) the customer's fields. */
function freeText(p: Params, term: string, inCustomerEnv: string): string {
  const digits = term.replace(/[^0-9]/g, '');
  const phone = /^\+?[0-9 ()./-]+$/.test(term) && digits.length >= 3;
  if (hasTrigram(term)) {
    // customer_text holds the phone as digits, so "+420 602" and "602-111" are looked for as digits too.
    const customer = [contains(p, 'o.customer_text', term), ...(phone && digits !== term ? [contains(p, 'o.customer_text', digits)] : [])];
    return `(${contains(p, 'o.ext_norm', term)} OR (${inCustomerEnv} AND (${customer.join(' OR ')})))`;
  }
  const customer = [prefixOf(p, 'o.email_norm', term), prefixOf(p, 'o.name_norm', term), prefixOf(p, 'o.last_name_norm', term)];
  if (phone) customer.push(prefixOf(p, 'o.phone_norm', digits), prefixOf(p, 'o.phone_rev', [...digits].reverse().join('')));
  return `(${prefixOf(p, 'o.ext_norm', term)} OR (${inCustomerEnv} AND (${customer.join(' OR ')})))`;
}

// A generic plan cannot know how many rows a word matches. "nov" is in one order of ten: fetching all
// 10,000 matches through pg_trgm and sorting them was over the search budget at 100,000 orders
// (bench/order-index.ts), while the newest 2,000 orders already hold a page of them. A word in one order of 100,000 is the other way round.
// So a search with words inside the fields first looks at the newest WINDOW orders only (the created_at
// index, walked backwards): a full page there is the right answer, as every other match is older.
// Otherwise matches are rare, and the second statement fetches them all through their indexes.
export const WINDOW = 3000;

const amountBounds = (p: Params, column: string, filter: AmountFilter | null): string[] => {
  if (filter === null) return [];
  const { min, max } = filter;
  return [
    ...(min === null ? [] : [`${column} ${min.inclusive ? '>=' : '>'} ${p.add(min.value, 'numeric')}`]),
    ...(max === null ? [] : [`${column} ${max.inclusive ? '<=' : '<'} ${p.add(max.value, 'numeric')}`]),
  ];
};

/** A record's columns as Row has them; the customer's only where `visible` (an SQL condition) holds. */
const selectColumns = (visible: string) => `o.environment, o.order_id::text AS order_id, o.external_id, o.status, o.service, o.initial_amount, o.current_amount, o.refund_amount,
       CASE WHEN o.created_known THEN ${iso('o.created_at')} END AS created_at, ${iso('o.created_at')} AS sort_at,
       ${iso('o.first_seen_at')} AS first_seen_at, ${iso('o.last_seen_at')} AS last_seen_at, ${iso('o.missing_at')} AS not_found_at,
       o.first_source, o.source, ${visible} AS customer_visible,
       ${['email', 'first_name', 'last_name', 'phone_number'].map((c) => `CASE WHEN ${visible} THEN o.${c} END AS ${c}`).join(', ')}`;

/** The index's records of these orders of one environment (an order it has none of is left out). */
export async function indexedOrders(db: Queryable, environment: string, orderIds: readonly string[], customerVisible: boolean): Promise<IndexedOrder[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<Row>(`SELECT ${selectColumns('$3::boolean')} FROM order_index o WHERE o.environment = $1 AND o.order_id = ANY($2::uuid[])`, [environment, orderIds, customerVisible]);
  return rows.map(toIndexedOrder);
}

/** The SELECT for one page; `window`: look only at the newest that many orders in scope. */
function statement(search: OrderSearch, scope: SearchScope, cursor: SearchCursor | null, limit: number, window: number | null): { text: string; values: unknown[] } {
  const p = new Params();
  const where: string[] = [`o.environment = ANY(${p.add(scope.environments, 'text[]')})`];
  const customerEnvs = p.add(scope.customerEnvironments, 'text[]');
  const inCustomerEnv = `o.environment = ANY(${customerEnvs})`;
  if (cursor !== null) where.push(`(o.created_at, o.environment, o.order_id) < (${p.add(cursor[0], 'timestamptz')}, ${p.add(cursor[1])}, ${p.add(cursor[2], 'uuid')})`);
  const inScope = where.join(' AND ');

  if (search.email !== null) {
    const email = search.email.prefix ? prefixOf(p, 'o.email_norm', search.email.value) : `o.email_norm = ${p.add(search.email.value)}`;
    where.push(`(${inCustomerEnv} AND ${email})`);
  }
  for (const word of search.text) where.push(freeText(p, word.trim().toLowerCase(), inCustomerEnv));
  if (search.ext !== null) where.push(prefixOf(p, 'o.ext_norm', search.ext.toLowerCase()));
  if (search.status !== null) where.push(`o.status = ${p.add(search.status)}`);
  where.push(...amountBounds(p, 'o.initial_value', search.amount), ...amountBounds(p, 'o.current_value', search.current), ...amountBounds(p, 'o.refund_value', search.refunded));
  if (search.created !== null) {
    where.push('o.created_known');
    if (search.created.from !== null) where.push(`o.created_at >= ${p.add(`${search.created.from}T00:00:00Z`, 'timestamptz')}`);
    if (search.created.to !== null) where.push(`o.created_at < ${p.add(`${nextDay(search.created.to)}T00:00:00Z`, 'timestamptz')}`);
  }
  // A prefix (e-mail, external id, free text) finds few rows, but a generic plan cannot know how few and
  // may walk the created_at index backwards hoping to meet 51 matches early: with 10 matches in
  // 100,000 that is every row (over the search budget in bench/order-index.ts). Ordering by an expression the index does
  // not hold makes it fetch the matches through their own indexes and sort them. Broad filters (status,
  // amount, dates) and the window keep the index walk, which stops after one page.
  const selective = window === null && (search.text.length > 0 || search.email !== null || search.ext !== null);
  const from =
    window === null
      ? 'order_index o'
      : `(SELECT * FROM order_index o WHERE ${inScope} ORDER BY o.created_at DESC, o.environment DESC, o.order_id DESC LIMIT ${p.add(window, 'int')}) o`;
  const text = `SELECT ${selectColumns(inCustomerEnv)}
     FROM ${from}
     WHERE ${where.join(' AND ')}
     ORDER BY ${selective ? "(o.created_at + interval '0 seconds')" : 'o.created_at'} DESC, o.environment DESC, o.order_id DESC
     LIMIT ${p.add(limit + 1, 'int')}`;
  return { text, values: p.values };
}

export async function searchIndex(
  db: Database,
  search: OrderSearch,
  scope: SearchScope,
  cursor: SearchCursor | null,
  limit = PAGE_SIZE,
  timeoutMs = SEARCH_TIMEOUT_MS,
): Promise<{ orders: IndexedOrder[]; nextCursor: string | null }> {
  if (scope.environments.length === 0) return { orders: [], nextCursor: null };
  const query = async (window: number | null) => {
    const { text, values } = statement(search, scope, cursor, limit, window);
    return timedRows<Row>(db, text, values, timeoutMs);
  };
  const inside = search.text.some((word) => hasTrigram(word.trim().toLowerCase()));
  const windowed = inside ? await query(WINDOW) : [];
  const rows = windowed.length > limit ? windowed : await query(null);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    orders: page.map(toIndexedOrder),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor([last.sort_at, last.environment, last.order_id]) : null,
  };
}

function toIndexedOrder(row: Row): IndexedOrder {
  const { email, first_name, last_name, phone_number, sort_at: _sortKey, ...order } = row;
  const seen = email !== null || first_name !== null || last_name !== null || phone_number !== null;
  return { ...order, customer: row.customer_visible && seen ? { email, first_name, last_name, phone_number } : null };
}
