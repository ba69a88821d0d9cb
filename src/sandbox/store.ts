import { randomUUID } from 'node:crypto';
import type { FaultRule, FaultRuleRequest } from '../contract/faults.ts';
import type { OrderEvent } from '../contract/history.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import type { SandboxStats } from '../contract/stats.ts';
import type { OrderCursor } from './cursor.ts';
import { arrivalClock } from './arrival-clock.ts';
import type { CreateResult, NewOrder, PendingCreate } from './store-create-group.ts';
import { MAX_GROUP_JSON_CHARS, MAX_GROUP_ROWS, writeGroup } from './store-create-group.ts';
import type { MoveResult, MoveSource, NewRefund, RefundResult } from './store-changes.ts';
import { moveInTransaction, selectOrders, selectTakingFault } from './store-changes.ts';
import type { Database, DatabaseKind } from '../db/store-db.ts';
import type { EventsPage, RefundRefusal } from './store-events.ts';
import { insertRefusalForOwner, selectEvents, selectRequestText } from './store-events.ts';
import type { AppliedFault, ArmResult } from './store-faults.ts';
import { armFault, disarmAll, disarmFault, listFaults } from './store-faults.ts';
import { groupQueue } from './store-group-queue.ts';
import type { PostgresOptions } from '../db/store-db-postgres.ts';
import { openDatabase } from '../db/store-open.ts';
import type { PendingRefund } from './store-refund-group.ts';
import { MAX_REFUND_GROUP, writeRefundGroup } from './store-refund-group.ts';
import { selectStats } from './stats-query.ts';
import type { OrderRow } from './store-schema.ts';
import { ORDER_COLUMNS } from './store-schema.ts';
import { setUpSchema } from './store-setup.ts';
import type { StoreWatch } from './store-watch.ts';
import { storeWatchers } from './store-watch.ts';

// docs/decisions.md D6-D8, D12, D13, D15: orders, refunds, their history and the armed fault rules, all in
// the database: the embedded PGlite, or a PostgreSQL server shared by several sandbox processes
// (store-db.ts; the same SQL on both). Every statement is parameterised. Every guarantee rests on
// the database, never on this process: a refund or a move locks the order's row FOR UPDATE and
// reads, checks and writes the amounts and the events in one transaction, so concurrent refunds
// (from any process) cannot overdraw an order and no event exists without its change, nor a change
// without its event; duplicates are unique constraints; fault rules are rows counted down under a
// row lock; the list's order is a database sequence (store-schema.ts).
//
// Creates and refunds are group-committed, per process: while one group is being written, the
// requests that arrive queue up (store-group-queue.ts), and the next group writes all of them at
// once: creates as one multi-row INSERT (store-create-group.ts), refunds as one transaction of two
// statements (store-refund-group.ts). Each request is answered only after its group has committed,
// so an acknowledged order or refund survives kill -9 exactly as a lone one would. The database's
// cost is mostly per statement (round trips, commit; in PGlite also the calls into WebAssembly), so
// a group of 16 costs little more than one. What a request sees does not change:
// - creates: the list orders by arrival at the database (a group's rows in its arrival order);
//   created_at (date_settled) is the arrival at this process (arrival-clock.ts); a second create with
//   the same external id in the same group gets the duplicate answer (ON CONFLICT DO NOTHING skips
//   the later row of a statement; the first one wins, as in sequence);
// - refunds: decided one after another in arrival order on the locked orders, each seeing what the
//   ones before it left (store-refund-plan.ts);
// - if a group fails (a create breaks a CHECK), each of its requests is retried on its own in
//   arrival order, so one bad request fails only itself.

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

export interface Store extends StoreWatch {
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
  /** D12: one page of the order's events, oldest first, and whether more follow; null when the owner has no such order. */
  orderEvents(owner: string, id: string, page: EventsPage): Promise<{ events: OrderEvent[]; more: boolean } | null>;
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
  /** Which database holds the store. */
  readonly kind: DatabaseKind;
  /** The owner's orders aggregated (stats-query.ts). */
  stats(owner: string, now: Date): Promise<SandboxStats>;
  close(): Promise<void>;
}

export interface StoreOptions extends PostgresOptions {
  /** Called with the number of creates in each INSERT statement about to run (tests, diagnostics). */
  onCreateStatement?: (rows: number) => void;
  /** Called with the number of refunds in each group about to be written (tests, diagnostics). */
  onRefundGroup?: (refunds: number) => void;
  /** The wall clock in milliseconds (tests: a clock that stepped back). */
  now?: () => number;
}

const LIST_SQL = `SELECT ${ORDER_COLUMNS} FROM orders
  WHERE owner = $1
    AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR id::text ILIKE $3 OR external_id ILIKE $3)
  ORDER BY arrival DESC
  LIMIT $4`;

// A page after a cursor: the orders that arrived before the cursor's order. A cursor names its last
// order (cursor.ts); when that order is gone (a reset deleted it, and everything before it), the
// page is empty, which is what is left after it.
const LIST_AFTER_SQL = `SELECT ${ORDER_COLUMNS} FROM orders
  WHERE owner = $1
    AND ($2::text IS NULL OR status = $2)
    AND ($3::text IS NULL OR id::text ILIKE $3 OR external_id ILIKE $3)
    AND arrival < (SELECT c.arrival FROM orders c WHERE c.id = $5::uuid AND c.owner = $1)
  ORDER BY arrival DESC
  LIMIT $4`;

function createStore(db: Database, options: StoreOptions, newestMicros: number): Store {
  let closed: Promise<void> | null = null;
  const arrive = arrivalClock(options.now, newestMicros);
  const creates = groupQueue<PendingCreate>((group) => writeGroup(db, group, options.onCreateStatement), {
    maxItems: MAX_GROUP_ROWS,
    maxSize: MAX_GROUP_JSON_CHARS,
    size: (pending) => pending.order.requestText.length,
  });
  const refunds = groupQueue<PendingRefund>(
    (group) => {
      options.onRefundGroup?.(group.length);
      return writeRefundGroup(db, group);
    },
    { maxItems: MAX_REFUND_GROUP, maxSize: Number.POSITIVE_INFINITY, size: () => 0 },
  );
  const whenOpen = () => (closed === null ? null : Promise.reject(new Error('the store is closed')));
  const watchers = storeWatchers();

  return {
    kind: db.kind,
    watch: (watcher) => watchers.watch(watcher),

    createOrder(owner, order, createOptions = {}) {
      return (
        whenOpen() ??
        new Promise<CreateResult>((resolve, reject) => {
          const told = (result: CreateResult) => {
            resolve(result);
            if (result.kind === 'created') watchers.orderChanged('created', owner, result.order, order.requestText);
          };
          creates.push({ owner, order, id: randomUUID(), arrival: arrive(), applied: createOptions.applied ?? null, resolve: told, reject });
        })
      );
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
      return (
        whenOpen() ??
        new Promise<RefundResult>((resolve, reject) => {
          const told = (result: RefundResult) => {
            resolve(result);
            if (result.kind === 'refunded') watchers.orderChanged('refunded', owner, result.order);
          };
          refunds.push({ owner, id, refund, applied: refundOptions.applied ?? null, resolve: told, reject });
        })
      );
    },

    recordRefundRefusal(owner, id, refusal) {
      return insertRefusalForOwner(db, owner, id, refusal);
    },

    moveOrder(owner, id, target, moveOptions) {
      return db.transaction((tx) => moveInTransaction(tx, owner, id, target, moveOptions)).then(async (result) => {
        // The checkout page moves any owner's order: whose it is, for the watchers, is asked only when someone watches.
        if (result.kind === 'moved' && watchers.watching()) {
          const whose = owner ?? (await db.query<{ owner: string }>('SELECT owner FROM orders WHERE id = $1', [id])).rows[0]?.owner;
          if (whose !== undefined) watchers.orderChanged('moved', whose, result.order);
        }
        return result;
      });
    },

    orderEvents(owner, id, page) {
      return selectEvents(db, owner, id, page);
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
      const params = [owner, query.status, pattern, query.limit];
      return query.cursor === null ? selectOrders(db, LIST_SQL, params) : selectOrders(db, LIST_AFTER_SQL, [...params, query.cursor.id]);
    },

    stats(owner, now) {
      return selectStats(db, owner, now);
    },

    async reset(owner) {
      await db.query('DELETE FROM orders WHERE owner = $1', [owner]);
      watchers.reset(owner);
    },

    close() {
      // Creates and refunds already accepted are written first: each was promised an answer.
      closed ??= (async () => {
        await Promise.all([creates.drained(), refunds.drained()]);
        await db.close();
      })();
      return closed;
    },
  };
}

/**
 * Opens (creating when needed) the store in `location`: a data directory, ':memory:' for a
 * throwaway one, or a postgres:// URL (D15); creates or migrates the schema. Throws StoreOpenError
 * with a one-line reason when the database cannot be opened.
 */
export async function openStore(location: string, options: StoreOptions = {}): Promise<Store> {
  const db = await openDatabase(location, options);
  let newestMicros: number;
  try {
    await setUpSchema(db);
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
