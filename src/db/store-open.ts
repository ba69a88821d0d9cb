import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inspect } from 'node:util';
import type { Extensions } from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './store-db.ts';
import { pgliteDatabase } from './store-db-pglite.ts';
import type { PostgresOptions } from './store-db-postgres.ts';
import { postgresDatabase } from './store-db-postgres.ts';
import type { InUseMessage } from './store-dir-lock.ts';
import { DirectoryLockedError, LOCK_FILE, lockDirectory } from './store-dir-lock.ts';
import { createDirectoryDatabase, createMemoryDatabase } from './store-template.ts';

// docs/decisions.md D8: a data directory that cannot be created, opened or written must end
// the process with one clear line, never a hang or a stack trace from inside WebAssembly. D15: the
// same for a PostgreSQL server that cannot be reached, and a data directory another process has open.

export const MEMORY_DB = ':memory:';
// A first start runs initdb, which takes seconds on an idle machine and can take over a minute on a
// loaded one. Three minutes means something is wrong rather than slow.
const OPEN_TIMEOUT_MS = 180_000;

export class StoreOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreOpenError';
  }
}

// Emscripten's errno numbers (its ErrnoError carries only the number) for the failures a data
// directory can have.
const EMSCRIPTEN_ERRNO: Readonly<Record<number, string>> = {
  2: 'EACCES: permission denied',
  29: 'EIO: input/output error',
  44: 'ENOENT: no such file or directory',
  51: 'ENOSPC: no space left on device',
  54: 'ENOTDIR: not a directory',
  63: 'EPERM: operation not permitted',
  69: 'EROFS: read-only file system',
};

function errnoText(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('errno' in error) || typeof error.errno !== 'number') return null;
  return EMSCRIPTEN_ERRNO[error.errno] ?? null;
}

const reason = (error: unknown) => {
  const errno = errnoText(error);
  if (errno !== null) return errno;
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
    return code === '' || error.message.startsWith(code) ? error.message : `${code}: ${error.message}`;
  }
  // WebAssembly start-up failures can throw plain objects; show what they hold, on one line.
  return inspect(error, { depth: 2, breakLength: Infinity }).slice(0, 300);
};

/** Creates the directory and proves it writable before PGlite sees it. */
function prepareDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new StoreOpenError(`cannot create the data directory ${dir} (${reason(error)})`, { cause: error });
  }
  const probe = join(dir, `.write-test-${process.pid}`);
  try {
    writeFileSync(probe, 'ok');
    rmSync(probe);
  } catch (error) {
    throw new StoreOpenError(`cannot write to the data directory ${dir} (${reason(error)})`, { cause: error });
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreOpenError(message)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A PostgreSQL connection URL (SANDBOX_DATABASE_URL) rather than a data directory. */
export const isDatabaseUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/** The URL without its password or query, for a log line. */
export function displayDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username === '' ? '' : `${parsed.username}@`;
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return '(an invalid database URL)';
  }
}

async function openPostgres(url: string, options: PostgresOptions): Promise<Database> {
  try {
    return await withTimeout(postgresDatabase(url, options), OPEN_TIMEOUT_MS, `connecting to ${displayDatabaseUrl(url)} took over ${OPEN_TIMEOUT_MS / 1000} s`);
  } catch (error) {
    if (error instanceof StoreOpenError) throw error;
    throw new StoreOpenError(`cannot connect to the database ${displayDatabaseUrl(url)} (${reason(error)})`, { cause: error });
  }
}

// PGlite's one session: prepared statements run with the plan made once (store-db.ts).
async function embedded(db: PGlite, onClose: () => void = () => undefined): Promise<Database> {
  const database = pgliteDatabase(db);
  await database.exec('SET plan_cache_mode = force_generic_plan');
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        onClose();
      }
    },
  };
}

export interface OpenOptions extends PostgresOptions {
  /** PGlite only: extensions its WebAssembly build must load (a PostgreSQL server has its own). */
  extensions?: Extensions;
  /** PGlite only: what to say when another process has the data directory open (whose data it is, what to do). */
  inUse?: InUseMessage;
}

/** ':memory:', a data directory (locked to this process while open) or a postgres:// URL. */
export async function openDatabase(location: string, options: OpenOptions = {}): Promise<Database> {
  if (isDatabaseUrl(location)) return openPostgres(location, options);
  const extensions = options.extensions ?? {};
  if (location === MEMORY_DB) return embedded(await createMemoryDatabase(undefined, extensions));
  const dir = resolve(location);
  prepareDirectory(dir);
  let lock;
  try {
    lock = lockDirectory(dir, options.inUse);
  } catch (error) {
    if (error instanceof DirectoryLockedError) throw new StoreOpenError(error.message, { cause: error });
    throw new StoreOpenError(`cannot lock the data directory ${dir} (${reason(error)})`, { cause: error });
  }
  try {
    const db = await withTimeout(createDirectoryDatabase(dir, [LOCK_FILE], extensions), OPEN_TIMEOUT_MS, `opening the database in ${dir} took over ${OPEN_TIMEOUT_MS / 1000} s`);
    return await embedded(db, () => lock.release());
  } catch (error) {
    lock.release();
    if (error instanceof StoreOpenError) throw error;
    throw new StoreOpenError(`cannot open the database in ${dir} (${reason(error)})`, { cause: error });
  }
}
