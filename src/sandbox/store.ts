import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FaultRule, FaultRuleRequest } from '../contract/faults.ts';
import type { OrderEvent } from '../contract/history.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import type { OrderCursor } from './cursor.ts';
import { arrivalClock } from './arrival-clock.ts';
import type { CreateResult, NewOrder, PendingCreate } from './store-create-group.ts';
import { MAX_GROUP_JSON_CHARS, MAX_GROUP_ROWS, writeGroup } from './store-create-group.ts';
import type { MoveResult, MoveSource, NewRefund, RefundResult } from './store-changes.ts';
import { moveInTransaction, refundInTransaction, selectOrders, selectTakingFault } from './store-changes.ts';
import type { RefundRefusal } from './store-events.ts';
import { insertRefusalForOwner, selectEvents, selectRequestText } from './store-events.ts';
import type { AppliedFault, ArmResult } from './store-faults.ts';
import { armFault, disarmAll, disarmFault, listFaults } from './store-faults.ts';
import { openDatabase } from './store-open.ts';
import type { OrderRow } from './store-schema.ts';
import { ORDER_COLUMNS, SCHEMA_SQL } from './store-schema.ts';

// decisions.md D6-D8, D12, D13: orders, refunds, their history and the armed fault rules, all in the
// database (PGlite here; plain PostgreSQL SQL, so D15 can move it to a server). Every statement is
// parameterised. A refund or a move locks the order's row FOR UPDATE and reads, checks and writes
// the amounts and the events as one transaction (store-changes.ts), so concurrent refunds cannot
// overdraw an order and no event exists without its change, nor a change without its event.
//
// Creates are group-committed: while one INSERT is being written, the creates that arrive queue up,
// and the next INSERT writes all of them as one multi-row statement (one statement, one transaction,
// one commit), their `created` events and their fault rules included (store-create-group.ts). Each
// create is answered only after the statement holding it has committed, so an acknowledged order
// survives kill -9 exactly as before. PGlite's cost is mostly per statement (six protocol round
// trips into WebAssembly, parse, plan, commit), so a group of 16 costs little more than one. What a
// create sees does not change:
// - created_at is its arrival (arrival-clock.ts), so the list still orders by arrival;
// - a second create with the same external id in the same group gets the duplicate answer (ON
//   CONFLICT DO NOTHING skips the later row of a statement; the first one wins, as in sequence);
// - if the statement fails (a row breaks a CHECK), every create in the group is retried on its own
//   in arrival order, so one bad row fails only its own request.

export type { AppliedFault, ArmResult } from './store-faults.ts';
export type { CreateResult, NewOrder } from './store-create-group.ts';
export { MAX_GROUP_JSON_CHARS, MAX_GROUP_ROWS } from './store-create-group.ts';
export type { MoveResult, MoveSource, NewRefund, RefundResult } from './store-changes.ts';
export type { RefundRefusal } from './store-events.ts';

export type OrderRecord = OrderRow;

export interface ListQuery {
  limit: number;
  cursor: OrderCursor | null;
  status: OrderStatus | null;
  /** Case-insensitive part of the id or the external id. */
  q: string | null;
}

/** What a request to the partner interface (/psp/) gets: the rule it took, if any (D13). */
export interface ReadResult {
  order: OrderRecord | null;
  fault: AppliedFault | null;
}

export interface Store {
  /** POST /psp/ create: takes a matching fault rule unless `applied` (the rule a delayed create took). */
  createOrder(owner: string, order: NewOrder, options?: { applied?: AppliedFault }): Promise<CreateResult>;
  getOrder(owner: string, id: string): Promise<OrderRecord | null>;
  /** GET /psp/ read of one order: takes a matching fault rule (D13) unless `takeFault` is false. */
  readOrder(owner: string, id: string, options?: { takeFault?: boolean }): Promise<ReadResult>;
  /** Any owner's order: the customer checkout page is reached by its unguessable id alone. */
  getOrderById(id: string): Promise<OrderRecord | null>;
  /** POST /psp/ refund: takes a matching fault rule unless `applied` (the rule a delayed refund took). */
  refundOrder(owner: string, id: string, refund: NewRefund, options?: { applied?: AppliedFault }): Promise<RefundResult>;
  /** Records a refund refused before it reached the order (its body); false when the owner has no such order. */
  recordRefundRefusal(owner: string, id: string, refusal: RefundRefusal): Promise<boolean>;
  /**
   * Moves an order along the shortest allowed path (D7). `owner` null: any owner's (checkout page).
   * Reaching `refunded` refunds the whole current amount, so the amounts stay consistent.
   */
  moveOrder(owner: string | null, id: string, target: OrderStatus, options: { allowSame?: boolean; source: MoveSource }): Promise<MoveResult>;
  listOrders(owner: string, query: ListQuery): Promise<OrderRecord[]>;
  /** D12: the order's events, oldest first; null when the owner has no such order. */
  orderEvents(owner: string, id: string): Promise<OrderEvent[] | null>;
  /** D12: the create request as received; null when the owner has no such order. */
  orderRequest(owner: string, id: string): Promise<string | null>;
  /** D13: the owner's armed rules. */
  armFault(owner: string, rule: FaultRuleRequest): Promise<ArmResult>;
  listFaults(owner: string): Promise<FaultRule[]>;
  disarmFaults(owner: string): Promise<void>;
  /** false when the owner has no armed rule with that id. */
  disarmFault(owner: string, id: string): Promise<boolean>;
  /** Deletes the owner's orders, their refunds and their history (armed rules stay). */
  reset(owner: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Called with the number of creates in each INSERT statement about to run (tests, diagnostics). */
  onCreateStatement?: (rows: number) => void;
  /** The wall clock in milliseconds (tests: a clock that stepped back). */
  now?: () => number;
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
      const size = pending.order.requestText.length;
      if (count >= MAX_GROUP_ROWS || (count > 0 && chars + size > MAX_GROUP_JSON_CHARS)) break;
      count++;
      chars += size;
    }
    return queue.splice(0, count);
  };

  const writeQueue = async () => {
    // Wait one turn of the event loop: every request whose body arrived in this turn has queued
    // its create by then, so a burst becomes one statement instead of one plus the rest.
    await new Promise<void>((resolve) => setImmediate(resolve));
    try {
      while (queue.length > 0) await writeGroup(db, takeGroup(), options.onCreateStatement);
    } finally {
      writing = null;
    }
  };

  return {
    createOrder(owner, order, createOptions = {}) {
      if (closed !== null) return Promise.reject(new Error('the store is closed'));
      return new Promise<CreateResult>((resolve, reject) => {
        queue.push({ owner, order, id: randomUUID(), arrival: arrive(), applied: createOptions.applied ?? null, resolve, reject });
        writing ??= writeQueue();
      });
    },

    async getOrder(owner, id) {
      const [order] = await selectOrders(db, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND owner = $2`, [id, owner]);
      return order ?? null;
    },

    async readOrder(owner, id, readOptions = {}) {
      const found = await selectTakingFault(db, owner, id, readOptions.takeFault === false ? null : 'read', false);
      return found === null ? { order: null, fault: null } : found;
    },

    async getOrderById(id) {
      const [order] = await selectOrders(db, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]);
      return order ?? null;
    },

    refundOrder(owner, id, refund, refundOptions = {}) {
      return db.transaction((tx) => refundInTransaction(tx, owner, id, refund, refundOptions.applied ?? null));
    },

    recordRefundRefusal(owner, id, refusal) {
      return insertRefusalForOwner(db, owner, id, refusal);
    },

    moveOrder(owner, id, target, moveOptions) {
      return db.transaction((tx) => moveInTransaction(tx, owner, id, target, moveOptions));
    },

    orderEvents(owner, id) {
      return selectEvents(db, owner, id);
    },

    orderRequest(owner, id) {
      return selectRequestText(db, owner, id);
    },

    armFault(owner, rule) {
      return db.transaction((tx) => armFault(tx, owner, rule));
    },

    listFaults(owner) {
      return listFaults(db, owner);
    },

    disarmFaults(owner) {
      return disarmAll(db, owner);
    },

    disarmFault(owner, id) {
      return disarmFault(db, owner, id);
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
