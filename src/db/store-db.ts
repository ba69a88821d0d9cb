// docs/decisions.md D15: the store speaks to its database through this one small interface, so the same
// SQL runs on the embedded PGlite (store-db-pglite.ts) and on a PostgreSQL server through
// node-postgres (store-db-postgres.ts). Both adapters:
// - send every parameter as text (toParam below), so a value means the same on both;
// - keep each distinct statement text prepared under a name on their session(s) and run it with
//   PostgreSQL's generic plan (plan_cache_mode = force_generic_plan): the store's statements are
//   few and fixed, and planning them anew on every call was most of a lone create's time in PGlite;
// - on PGlite, where each call into WebAssembly has a fixed cost, send a transaction's BEGIN with its
//   first statement and its COMMIT with its last (queryAndCommit), so a refund is two calls, not four;
// - run a transaction again from the start after a deadlock or a serialization failure, which only
//   a server with several sessions can report (every transaction the store runs re-reads what it
//   decides on, so running it again is safe).

export interface QueryResult<T> {
  rows: T[];
}

/** One statement with $n parameters; rows typed by the caller (its own SELECT list). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export interface Session extends Queryable {
  /** Statements without parameters, separated by semicolons, in one call (schema set-up). */
  exec(sql: string): Promise<void>;
}

/** A session inside `Database.transaction`. */
export interface TransactionSession extends Session {
  /**
   * The transaction's last statement: runs it and commits the transaction with it (PGlite sends
   * the COMMIT in the same call into WebAssembly). Rejects, the transaction rolled back, when the
   * statement or the commit fails. The session takes no statement after it.
   */
  queryAndCommit<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
}

export type DatabaseKind = 'pglite' | 'postgres';

/** A pool's connections now (PostgreSQL; PGlite has its one session and no pool). */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

export interface Database extends Session {
  readonly kind: DatabaseKind;
  /** The pool's use, for metrics; absent on PGlite. */
  poolStats?(): PoolStats;
  /**
   * `fn`'s statements in one transaction; committed when it resolves (unless it committed with
   * queryAndCommit already), rolled back when it throws.
   */
  transaction<T>(fn: (tx: TransactionSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The SQLSTATE of a database error (PGlite's and node-postgres' errors both carry `code`). */
export function sqlState(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)
    ? error.code
    : null;
}

// The server cannot be reached now: connection exceptions (class 08), the server shutting down or
// starting up (57P01-57P03), too many connections (53300); node-postgres' own words for a connection
// that broke, and the socket's errors. A caller may say "try again shortly" rather than fail.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNAVAILABLE_WORDS = /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended|connection is closed/i;

/** Whether `error` says the database server could not be reached, rather than that a statement failed. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const state = sqlState(error);
  if (state !== null && (state.startsWith('08') || UNAVAILABLE_STATES.has(state))) return true;
  if ('code' in error && typeof error.code === 'string' && UNAVAILABLE_SOCKET.has(error.code)) return true;
  if (error instanceof Error && state === null && UNAVAILABLE_WORDS.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner: unknown) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return 'cause' in error && isDatabaseUnavailable(error.cause, depth + 1);
}

// deadlock_detected and serialization_failure: the transaction did nothing and may simply run again.
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 5;

export async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= MAX_ATTEMPTS || state === null || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

const arrayElement = (value: unknown): string => {
  if (value === null || value === undefined) return 'NULL';
  const text = toParam(value) ?? '';
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

/**
 * A parameter as PostgreSQL's text input: strings as they are, numbers and booleans in their
 * PostgreSQL spelling, Dates in ISO 8601 UTC, arrays as array literals (one dimension), anything
 * else as JSON (for json and jsonb parameters).
 */
export function toParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayElement).join(',')}}`;
  return JSON.stringify(value);
}

/** Statement texts to names, per adapter: a fixed set in practice, bounded all the same. */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly limit = 500) {}

  /** The name for `sql`, or null when too many are prepared already (then it runs unnamed). */
  nameOf(sql: string): string | null {
    const known = this.names.get(sql);
    if (known !== undefined) return known;
    if (this.names.size >= this.limit) return null;
    const name = `oc_${this.names.size + 1}`;
    this.names.set(sql, name);
    return name;
  }
}
