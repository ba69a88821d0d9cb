import type { PGlite } from '@electric-sql/pglite';
import { Mutex, parse, protocol, types } from '@electric-sql/pglite';
import type { Database, QueryResult, TransactionSession } from './store-db.ts';
import { StatementNames, toParam } from './store-db.ts';

// The Database interface on PGlite (one session, in this process). PGlite's own query() costs six
// calls into WebAssembly per statement (parse, describe, bind, describe, execute, sync) and plans
// the statement every time. Here each statement text is parsed once under a name, with its row
// description kept; a call is then one message buffer (bind, execute, sync) in one call, run with
// the generic plan PostgreSQL made when it was first used.

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Prepared {
  /** The statement's RowDescription; null when it returns no rows. */
  rowDescription: BackendMessage | null;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const isError = (message: BackendMessage): message is BackendMessage & Error => message.name === 'error' && message instanceof Error;

// bigint as text, as node-postgres gives it: the store casts its bigint columns to text anyway.
const parsersOf = (db: PGlite) => ({ ...db.parsers, [types.INT8]: (value: string) => value });

/** The messages up to and including each ReadyForQuery: one group per Sync or simple Query sent. */
function segments(messages: readonly BackendMessage[]): BackendMessage[][] {
  const out: BackendMessage[][] = [[]];
  for (const message of messages) {
    out[out.length - 1]?.push(message);
    if (message.name === 'readyForQuery') out.push([]);
  }
  return out;
}

const rolledBack = (messages: readonly BackendMessage[]) => messages.some((m) => m.name === 'commandComplete' && 'text' in m && m.text === 'ROLLBACK');

function throwIfError(messages: readonly BackendMessage[]): void {
  const error = messages.find(isError);
  if (error !== undefined) throw error;
}

export function pgliteDatabase(db: PGlite): Database {
  const mutex = new Mutex();
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  const parsers = parsersOf(db);
  let closed = false;

  const send = (message: Uint8Array) => db.execProtocolStream(message, { throwOnError: false });

  /**
   * One statement in one call: with `begin`, a BEGIN sent ahead of it; with `commit`, a COMMIT
   * after it (which the server turns into a ROLLBACK when the statement failed).
   */
  async function run<T>(sql: string, params: readonly unknown[], { begin = false, commit = false } = {}): Promise<QueryResult<T>> {
    const name = names.nameOf(sql) ?? '';
    const known = name === '' ? undefined : prepared.get(name);
    const values = params.map(toParam);
    const parts: Uint8Array[] = [];
    if (begin) parts.push(serialize.query('BEGIN'));
    if (known === undefined) parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
    parts.push(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync());
    if (commit) parts.push(serialize.query('COMMIT'));
    const all = segments(await send(concat(parts)));
    if (begin) throwIfError(all.shift() ?? []);
    const messages = all.shift() ?? [];
    let rowDescription = known?.rowDescription ?? null;
    if (known === undefined) {
      rowDescription = messages.find((m) => m.name === 'rowDescription') ?? null;
      if (name !== '' && messages.some((m) => m.name === 'parseComplete')) prepared.set(name, { rowDescription });
    }
    throwIfError(messages);
    if (commit) {
      const committing = all.shift() ?? [];
      throwIfError(committing);
      if (rolledBack(committing)) throw new Error('the transaction was rolled back');
    }
    const body = messages.filter((m) => m.name !== 'rowDescription');
    const [result] = parse.parseResults(rowDescription === null ? body : [rowDescription, ...body], parsers);
    // parseResults types its rows loosely; the caller names the columns its own SELECT returns.
    return { rows: (result?.rows ?? []) as T[] };
  }

  async function simple(sql: string, begin = false): Promise<BackendMessage[]> {
    const messages = await send(begin ? concat([serialize.query('BEGIN'), serialize.query(sql)]) : serialize.query(sql));
    throwIfError(messages);
    return messages;
  }

  const open = () => {
    if (closed) throw new Error('the database is closed');
  };

  return {
    kind: 'pglite',
    query<T>(sql: string, params: readonly unknown[] = []) {
      open();
      return mutex.runExclusive(async () => {
        const result = await run<T>(sql, params);
        await db.syncToFs();
        return result;
      });
    },
    transaction<T>(fn: (tx: TransactionSession) => Promise<T>): Promise<T> {
      open();
      return mutex.runExclusive(async () => {
        // BEGIN goes out with the first statement, COMMIT with the last when fn says which it is.
        const session: { state: 'idle' | 'open' | 'over' } = { state: 'idle' };
        const over = () => Promise.reject(new Error('the transaction is over'));
        const begin = () => {
          const first = session.state === 'idle';
          session.state = 'open';
          return first;
        };
        const tx: TransactionSession = {
          query: <R>(sql: string, params: readonly unknown[] = []) => (session.state === 'over' ? over() : run<R>(sql, params, { begin: begin() })),
          queryAndCommit: async <R>(sql: string, params: readonly unknown[] = []) => {
            if (session.state === 'over') return over();
            const first = begin();
            session.state = 'over';
            return run<R>(sql, params, { begin: first, commit: true });
          },
          exec: async (sql: string) => {
            if (session.state === 'over') return over();
            await simple(sql, begin());
          },
        };
        try {
          const value = await fn(tx);
          if (session.state === 'open') {
            session.state = 'over';
            // COMMIT of a transaction a failed statement aborted answers ROLLBACK.
            if (rolledBack(await simple('COMMIT'))) throw new Error('the transaction was rolled back');
          }
          session.state = 'over';
          await db.syncToFs();
          return value;
        } catch (error) {
          if (session.state === 'open') {
            session.state = 'over';
            await simple('ROLLBACK').catch(() => undefined);
          }
          // A failed queryAndCommit has ended the transaction already (its COMMIT rolled back).
          throw error;
        }
      });
    },
    exec(sql: string) {
      open();
      return mutex.runExclusive(async () => {
        await simple(sql);
        await db.syncToFs();
      });
    },
    async close() {
      if (closed) return;
      await mutex.runExclusive(async () => {
        closed = true;
        await db.close();
      });
    },
  };
}
