import type { PGlite } from '@electric-sql/pglite';
import { Mutex, parse, protocol, types } from '@electric-sql/pglite';
import type { Database, QueryResult, Session } from './store-db.ts';
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

export function pgliteDatabase(db: PGlite): Database {
  const mutex = new Mutex();
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  const parsers = parsersOf(db);
  let closed = false;

  const send = (message: Uint8Array) => db.execProtocolStream(message, { throwOnError: false });

  async function run<T>(sql: string, params: readonly unknown[]): Promise<QueryResult<T>> {
    const name = names.nameOf(sql) ?? '';
    const known = name === '' ? undefined : prepared.get(name);
    const values = params.map(toParam);
    const parts: Uint8Array[] = [];
    if (known === undefined) parts.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
    parts.push(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync());
    const messages = await send(concat(parts));
    let rowDescription = known?.rowDescription ?? null;
    if (known === undefined) {
      rowDescription = messages.find((m) => m.name === 'rowDescription') ?? null;
      if (name !== '' && messages.some((m) => m.name === 'parseComplete')) prepared.set(name, { rowDescription });
    }
    const error = messages.find(isError);
    if (error !== undefined) throw error;
    const body = messages.filter((m) => m.name !== 'rowDescription');
    const [result] = parse.parseResults(rowDescription === null ? body : [rowDescription, ...body], parsers);
    // parseResults types its rows loosely; the caller names the columns its own SELECT returns.
    return { rows: (result?.rows ?? []) as T[] };
  }

  async function simple(sql: string): Promise<BackendMessage[]> {
    const messages = await send(serialize.query(sql));
    const error = messages.find(isError);
    if (error !== undefined) throw error;
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
    transaction<T>(fn: (tx: Session) => Promise<T>): Promise<T> {
      open();
      return mutex.runExclusive(async () => {
        let done = false;
        const over = () => Promise.reject(new Error('the transaction is over'));
        const tx: Session = {
          query: <R>(sql: string, params: readonly unknown[] = []) => (done ? over() : run<R>(sql, params)),
          exec: async (sql: string) => {
            if (done) return over();
            await simple(sql);
          },
        };
        await simple('BEGIN');
        try {
          const value = await fn(tx);
          done = true;
          const messages = await simple('COMMIT');
          // COMMIT of a transaction a failed statement aborted answers ROLLBACK.
          if (messages.some((m) => m.name === 'commandComplete' && 'text' in m && m.text === 'ROLLBACK')) throw new Error('the transaction was rolled back');
          await db.syncToFs();
          return value;
        } catch (error) {
          if (!done) {
            done = true;
            await simple('ROLLBACK').catch(() => undefined);
          }
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
