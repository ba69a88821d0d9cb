import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { compareMoney } from '../contract/money.ts';
import { refundAmountProblem } from '../contract/rules.ts';
import type { OrderStatus, Service } from '../contract/schemas.ts';
import { pathToStatus } from '../contract/states.ts';
import type { OrderCursor } from './cursor.ts';
import type { Arrival } from './arrival-clock.ts';
import { arrivalClock } from './arrival-clock.ts';
import { openDatabase } from './store-open.ts';
import type { OrderRow } from './store-schema.ts';
import { decodeOrderRow, ORDER_COLUMNS, SCHEMA_SQL } from './store-schema.ts';

// decisions.md D6-D8: orders and refunds in PGlite. Every statement is parameterised. PGlite runs
// one statement or transaction at a time, and the order row is locked FOR UPDATE anyway, so a refund
// reads, checks and writes the amounts as one step and concurrent refunds cannot overdraw an order.
//
// Creates are group-committed: while one INSERT is being written, the creates that arrive queue up,
// and the next INSERT writes all of them as one multi-row statement (one statement, one transaction,
// one commit). Each create is answered only after the statement holding it has committed, so an
// acknowledged order survives kill -9 exactly as before. PGlite's cost is mostly per statement (six
// protocol round trips into WebAssembly, parse, plan, commit), so a group of 16 costs little more
// than one. What a create sees does not change:
// - created_at is its arrival (arrival-clock.ts), so the list still orders by arrival;
// - a second create with the same external id in the same group gets the duplicate answer (ON
//   CONFLICT DO NOTHING skips the later row of a statement; the first one wins, as in sequence);
// - if the statement fails (a row breaks a CHECK), every create in the group is retried on its own
//   in arrival order, so one bad row fails only its own request.

export type OrderRecord = OrderRow;

export interface NewOrder {
  externalId: string;
  service: Service;
  paymentIdentifier: string;
  returnUrl: string;
  /** Already formatted with two decimals. */
  amount: string;
  /** The whole request body as received, kept for inspection. */
  request: Record<string, unknown>;
}

export interface NewRefund {
  amount: string;
  destinationAccountNumber: string;
  paymentIdentifier: string;
  externalId: string;
}

export type CreateResult = { kind: 'created'; order: OrderRecord } | { kind: 'duplicate_external_id' };

export type RefundResult =
  | { kind: 'refunded'; order: OrderRecord }
  | { kind: 'not_found' }
  | { kind: 'invalid_status'; status: OrderStatus }
  | { kind: 'invalid_amount'; message: string }
  | { kind: 'duplicate_payment_identifier' };

export type MoveResult =
  | { kind: 'moved'; order: OrderRecord; from: OrderStatus }
  | { kind: 'not_found' }
  | { kind: 'invalid_transition'; from: OrderStatus };

export interface ListQuery {
  limit: number;
  cursor: OrderCursor | null;
  status: OrderStatus | null;
  /** Case-insensitive part of the id or the external id. */
  q: string | null;
}

export interface Store {
  createOrder(owner: string, order: NewOrder): Promise<CreateResult>;
  getOrder(owner: string, id: string): Promise<OrderRecord | null>;
  /** Any owner's order: the customer checkout page is reached by its unguessable id alone. */
  getOrderById(id: string): Promise<OrderRecord | null>;
  refundOrder(owner: string, id: string, refund: NewRefund): Promise<RefundResult>;
  /**
   * Moves an order along the shortest allowed path (D7). `owner` null: any owner's (checkout page).
   * Reaching `refunded` refunds the whole current amount, so the amounts stay consistent.
   */
  moveOrder(owner: string | null, id: string, target: OrderStatus, options?: { allowSame?: boolean }): Promise<MoveResult>;
  listOrders(owner: string, query: ListQuery): Promise<OrderRecord[]>;
  /** Deletes the owner's orders and their refunds. */
  reset(owner: string): Promise<void>;
  close(): Promise<void>;
}

type Queryable = Pick<Transaction, 'query'>;

async function selectOrders(db: Queryable, sql: string, params: unknown[]): Promise<OrderRecord[]> {
  const result = await db.query<unknown>(sql, params);
  return result.rows.map(decodeOrderRow);
}

/** At most this many creates in one INSERT, and at most this much request JSON (bodies can be 1 MiB). */
export const MAX_GROUP_ROWS = 64;
export const MAX_GROUP_JSON_CHARS = 4 * 1024 * 1024;
const PARAMS_PER_ROW = 9;

interface PendingCreate {
  owner: string;
  order: NewOrder;
  id: string;
  requestJson: string;
  arrival: Arrival;
  resolve: (result: CreateResult) => void;
  reject: (error: unknown) => void;
}

const insertSqlCache = new Map<number, string>();

/** INSERT of `rows` orders; parameters per row as in insertParams. */
function insertSql(rows: number): string {
  let sql = insertSqlCache.get(rows);
  if (sql !== undefined) return sql;
  const values: string[] = [];
  for (let row = 0; row < rows; row++) {
    const p = (n: number) => `$${row * PARAMS_PER_ROW + n}`;
    values.push(
      `(${p(1)}::uuid, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text, ${p(6)}::text, 'new', ${p(7)}::numeric, ` +
        `${p(7)}::numeric, 0, ${p(8)}::jsonb, ${p(9)}::timestamptz, ${p(9)}::timestamptz)`,
    );
  }
  sql = `INSERT INTO orders (id, owner, external_id, service, payment_identifier, return_url, status,
      initial_amount, current_amount, refund_amount, request, created_at, updated_at)
    VALUES ${values.join(',\n')}
    ON CONFLICT ON CONSTRAINT orders_owner_external_id_key DO NOTHING
    RETURNING id::text AS id`;
  if (rows <= MAX_GROUP_ROWS) insertSqlCache.set(rows, sql);
  return sql;
}

function insertParams(group: readonly PendingCreate[]): unknown[] {
  const params: unknown[] = [];
  for (const { id, owner, order, requestJson, arrival } of group) {
    params.push(id, owner, order.externalId, order.service, order.paymentIdentifier, order.returnUrl, order.amount, requestJson, arrival.key);
  }
  return params;
}

export interface StoreOptions {
  /** Called with the number of creates in each INSERT statement about to run (tests, diagnostics). */
  onCreateStatement?: (rows: number) => void;
  /** The wall clock in milliseconds (tests: a clock that stepped back). */
  now?: () => number;
}

/** Writes one group as one statement and settles every create in it; never throws. */
async function writeGroup(db: PGlite, group: readonly PendingCreate[], options: StoreOptions): Promise<void> {
  let rows: unknown[];
  try {
    options.onCreateStatement?.(group.length);
    rows = (await db.query<unknown>(insertSql(group.length), insertParams(group))).rows;
  } catch (error) {
    if (group.length === 1) {
      group[0]?.reject(error);
      return;
    }
    // One row broke the statement: each create on its own, in arrival order, answers each exactly
    // as a lone create would have been answered.
    for (const pending of group) await writeGroup(db, [pending], options);
    return;
  }
  // RETURNING only the ids that went in: every other column is what this statement wrote (text as
  // sent, an amount already formatted with two decimals fits numeric(10,2) exactly, the status and
  // amounts of a new order), so the record is built here instead of read back and parsed per row.
  const inserted = new Set<string>();
  for (const row of rows) {
    const id = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
    if (typeof id === 'string') inserted.add(id);
  }
  for (const pending of group) {
    if (!inserted.has(pending.id)) {
      pending.resolve({ kind: 'duplicate_external_id' });
      continue;
    }
    const { order } = pending;
    pending.resolve({
      kind: 'created',
      order: {
        id: pending.id,
        external_id: order.externalId,
        service: order.service,
        status: 'new',
        payment_identifier: order.paymentIdentifier,
        return_url: order.returnUrl,
        initial_amount: order.amount,
        current_amount: order.amount,
        refund_amount: '0.00',
        created_at: pending.arrival.at,
        created_key: pending.arrival.key,
      },
    });
  }
}

async function lockOrder(tx: Queryable, owner: string | null, id: string): Promise<OrderRecord | null> {
  const [order] = await selectOrders(
    tx,
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND ($2::text IS NULL OR owner = $2) FOR UPDATE`,
    [id, owner],
  );
  return order ?? null;
}

async function updatedOrder(tx: Queryable, sql: string, params: unknown[]): Promise<OrderRecord> {
  const [order] = await selectOrders(tx, sql, params);
  if (order === undefined) throw new Error('order vanished inside its own transaction');
  return order;
}

function createStore(db: PGlite, options: StoreOptions, newestMicros: number): Store {
  let closed: Promise<void> | null = null;
  const arrive = arrivalClock(options.now, newestMicros);
  const queue: PendingCreate[] = [];
  // Set while creates are being written; resolves when the queue is empty again.
  let writing: Promise<void> | null = null;

  const takeGroup = (): PendingCreate[] => {
    let count = 0;
    let chars = 0;
    for (const pending of queue) {
      if (count >= MAX_GROUP_ROWS || (count > 0 && chars + pending.requestJson.length > MAX_GROUP_JSON_CHARS)) break;
      count++;
      chars += pending.requestJson.length;
    }
    return queue.splice(0, count);
  };

  const writeQueue = async () => {
    // Wait one turn of the event loop: every request whose body arrived in this turn has queued
    // its create by then, so a burst becomes one statement instead of one plus the rest.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (queue.length > 0) await writeGroup(db, takeGroup(), options);
    } finally {
      writing = null;
    }
  };

  return {
    createOrder(owner, order) {
      if (closed !== null) return Promise.reject(new Error('the store is closed'));
      return new Promise<CreateResult>((resolve, reject) => {
        queue.push({ owner, order, id: randomUUID(), requestJson: JSON.stringify(order.request), arrival: arrive(), resolve, reject });
        writing ??= writeQueue();
      });
    },

    async getOrder(owner, id) {
      const [order] = await selectOrders(db, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND owner = $2`, [id, owner]);
      return order ?? null;
    },

    async getOrderById(id) {
      const [order] = await selectOrders(db, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
      return order ?? null;
    },

    refundOrder(owner, id, refund) {
      return db.transaction(async (tx): Promise<RefundResult> => {
        const order = await lockOrder(tx, owner, id);
        if (order === null) return { kind: 'not_found' };
        // The status rule comes before the amount rule: a refunded order's current amount is 0.00,
        // and "must not exceed 0.00" would hide the real reason.
        if (order.status !== 'activated') return { kind: 'invalid_status', status: order.status };
        const problem = refundAmountProblem(refund.amount, order.current_amount);
        if (problem !== null) return { kind: 'invalid_amount', message: problem };
        // The refund row and the order's new amounts in one statement (one fewer round of PGlite's
        // per-statement cost): the UPDATE finds its order only through the row the INSERT added, so
        // no row back means the payment identifier was already used on this order.
        const [updated] = await selectOrders(
          tx,
          `WITH inserted AS (
             INSERT INTO refunds (order_id, amount, destination_account_number, payment_identifier, external_id)
             VALUES ($1::uuid, $2::numeric, $3, $4, $5)
             ON CONFLICT ON CONSTRAINT refunds_order_payment_identifier_key DO NOTHING
             RETURNING order_id)
           UPDATE orders SET refund_amount = refund_amount + $2::numeric, current_amount = current_amount - $2::numeric,
             status = CASE WHEN current_amount - $2::numeric = 0 THEN 'refunded' ELSE status END, updated_at = now()
           WHERE id = (SELECT order_id FROM inserted) RETURNING ${ORDER_COLUMNS}`,
          [id, refund.amount, refund.destinationAccountNumber, refund.paymentIdentifier, refund.externalId],
        );
        if (updated === undefined) return { kind: 'duplicate_payment_identifier' };
        return { kind: 'refunded', order: updated };
      });
    },

    moveOrder(owner, id, target, options = {}) {
      return db.transaction(async (tx): Promise<MoveResult> => {
        const order = await lockOrder(tx, owner, id);
        if (order === null) return { kind: 'not_found' };
        const path = pathToStatus(order.status, target);
        if (path === null || (path.length === 0 && options.allowSame !== true)) {
          return { kind: 'invalid_transition', from: order.status };
        }
        if (path.length === 0) return { kind: 'moved', order, from: order.status };
        if (target === 'refunded' && compareMoney(order.current_amount, '0') > 0) {
          await tx.query(
            `INSERT INTO refunds (order_id, amount, destination_account_number, payment_identifier, external_id)
             SELECT id, current_amount, 'SIMULATED', $2, 'SIMULATED' FROM orders WHERE id = $1`,
            [id, `SIMULATED-${randomUUID()}`],
          );
          const refunded = await updatedOrder(
            tx,
            `UPDATE orders SET refund_amount = refund_amount + current_amount, current_amount = 0, status = 'refunded',
               updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
            [id],
          );
          return { kind: 'moved', order: refunded, from: order.status };
        }
        const moved = await updatedOrder(
          tx,
          `UPDATE orders SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
          [id, target],
        );
        return { kind: 'moved', order: moved, from: order.status };
      });
    },

    listOrders(owner, query) {
      const pattern = query.q === null ? null : `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return selectOrders(
        db,
        `SELECT ${ORDER_COLUMNS} FROM orders
         WHERE owner = $1
           AND ($2::text IS NULL OR status = $2)
           AND ($3::text IS NULL OR id::text ILIKE $3 OR external_id ILIKE $3)
           AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::uuid))
         ORDER BY created_at DESC, id DESC
         LIMIT $6`,
        [owner, query.status, pattern, query.cursor?.createdKey ?? null, query.cursor?.id ?? null, query.limit],
      );
    },

    async reset(owner) {
      await db.query('DELETE FROM orders WHERE owner = $1', [owner]);
    },

    close() {
      // Creates already accepted are written first: each was promised an answer.
      closed ??= (async () => {
        await writing;
        await db.close();
      })();
      return closed;
    },
  };
}

/**
 * Opens (creating when needed) the database in `dataDir`, or a throwaway one for ':memory:', and
 * creates the schema. Throws StoreOpenError with a one-line reason when the directory is unusable.
 */
export async function openStore(dataDir: string, options: StoreOptions = {}): Promise<Store> {
  const db = await openDatabase(dataDir);
  let newestMicros: number;
  try {
    await db.exec(SCHEMA_SQL);
    // The arrival clock starts after the newest order already stored (arrival-clock.ts).
    const { rows } = await db.query<{ micros: string | null }>(
      'SELECT (extract(epoch FROM max(created_at)) * 1000000)::bigint::text AS micros FROM orders',
    );
    newestMicros = Number(rows[0]?.micros ?? 0);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return createStore(db, options, newestMicros);
}
