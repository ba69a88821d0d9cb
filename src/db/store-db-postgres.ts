import pg from 'pg';
import type { Database, QueryResult, TransactionSession } from './store-db.ts';
import { StatementNames, toParam, withRetry } from './store-db.ts';

// The Database interface on a PostgreSQL server (docs/decisions.md D15) through node-postgres, with a
// pool of connections. Statements are prepared by name on each connection as it first runs them
// (node-postgres keeps track per connection) and run with the generic plan, as on PGlite.

export interface PostgresOptions {
  /** Connections this process keeps at most (SANDBOX_DATABASE_POOL, default 10). */
  max?: number;
  /** Called with one line when an idle connection fails (the server restarted, the network broke). */
  onIdleError?: (line: string) => void;
}

export const DEFAULT_POOL_SIZE = 10;

export async function postgresDatabase(url: string, options: PostgresOptions = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? DEFAULT_POOL_SIZE,
    application_name: 'order-console-sandbox',
    options: '-c plan_cache_mode=force_generic_plan',
    connectionTimeoutMillis: 30_000,
  });
  // An idle connection that breaks is dropped by the pool; without a listener it would end the process.
  pool.on('error', (error) => options.onIdleError?.(`database connection lost while idle: ${error.message}`));
  const names = new StatementNames();

  const runOn = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[]): Promise<QueryResult<T>> => {
    const name = names.nameOf(sql);
    const values = params.map(toParam);
    const result = await client.query(name === null ? { text: sql, values } : { name, text: sql, values });
    // node-postgres types rows loosely; the caller names the columns its own SELECT returns.
    return { rows: result.rows as T[] };
  };

  // Fail at start with the server's own reason rather than on the first request.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw error;
  });
  probe.release();

  const max = options.max ?? DEFAULT_POOL_SIZE;
  return {
    kind: 'postgres',
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    query<T>(sql: string, params: readonly unknown[] = []) {
      return withRetry(() => runOn<T>(pool, sql, params));
    },
    transaction<T>(fn: (tx: TransactionSession) => Promise<T>): Promise<T> {
      return withRetry(async () => {
        const client = await pool.connect();
        let broken: Error | undefined;
        // A connection that breaks between two statements of the transaction (the server restarting)
        // is reported as an 'error' event on the client, which the pool listens for only while the
        // client is idle: unheard, it would end the process. The next statement fails anyway.
        const onBroken = (error: Error) => {
          broken = error;
        };
        client.on('error', onBroken);
        let committed = false;
        try {
          await client.query('BEGIN');
          const value = await fn({
            query: <R>(sql: string, params: readonly unknown[] = []) =>
              committed ? Promise.reject(new Error('the transaction is over')) : runOn<R>(client, sql, params),
            queryAndCommit: async <R>(sql: string, params: readonly unknown[] = []) => {
              if (committed) throw new Error('the transaction is over');
              const result = await runOn<R>(client, sql, params);
              committed = true;
              await client.query('COMMIT');
              return result;
            },
            exec: async (sql: string) => {
              await client.query(sql);
            },
          });
          if (!committed) {
            committed = true;
            await client.query('COMMIT');
          }
          return value;
        } catch (error) {
          await client.query('ROLLBACK').catch((rollbackError: unknown) => {
            // A connection that cannot even roll back is not handed out again.
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
          throw error;
        } finally {
          client.off('error', onBroken);
          client.release(broken);
        }
      });
    },
    async exec(sql: string) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
