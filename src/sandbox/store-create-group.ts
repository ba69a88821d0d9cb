import type { Arrival } from './arrival-clock.ts';
import type { Queryable } from '../db/store-db.ts';
import type { AppliedFault } from './store-faults.ts';
import { decodeAppliedFault } from './store-faults.ts';
import type { OrderRow } from './store-schema.ts';
import type { Service } from '../contract/schemas.ts';

// Group commit of creates (store.ts explains why): one statement writes a whole group, and that one
// statement also does what D12 and D13 add to a create, so a group still costs one statement:
// - each create takes the oldest armed `create`/`any` rule of its owner that still has uses (the
//   k-th create of an owner in the group takes the k-th use in arming order), and the rules' uses
//   are counted down in the same statement (rows locked FOR UPDATE: no use is taken twice);
// - a create whose rule answers `status`, `drop` or `delay` is not inserted (nothing is done now);
//   `lose_answer` and a create without a rule are inserted;
// - every inserted order gets its `created` event, and its `fault_applied` event when a rule hit
//   it, in the statement that inserts it.

export interface NewOrder {
  externalId: string;
  service: Service;
  paymentIdentifier: string;
  returnUrl: string;
  /** Already formatted with two decimals. */
  amount: string;
  /** The create request body exactly as received (D12: GET /sandbox/orders/{id}/request). */
  requestText: string;
  /** The origin the create came to: the order's redirect_url starts with it in every answer (order-view.ts). */
  checkoutOrigin: string;
}

export type CreateResult =
  | { kind: 'created'; order: OrderRow; fault: AppliedFault | null }
  | { kind: 'duplicate_external_id'; fault: AppliedFault | null }
  /** A rule answering status, drop or delay fired: nothing was done. */
  | { kind: 'fault'; fault: AppliedFault };

export interface PendingCreate {
  owner: string;
  order: NewOrder;
  id: string;
  arrival: Arrival;
  /** A rule this create already took (a delayed create, written after its wait): it takes no other. */
  applied: AppliedFault | null;
  resolve: (result: CreateResult) => void;
  reject: (error: unknown) => void;
}

/** At most this many creates in one INSERT, and at most this much request text (bodies can be 1 MiB). */
export const MAX_GROUP_ROWS = 64;
export const MAX_GROUP_JSON_CHARS = 4 * 1024 * 1024;
const PARAMS_PER_ROW = 12;

const sqlCache = new Map<number, string>();

/** The group statement for `rows` creates; parameters per row as in groupParams. */
function groupSql(rows: number): string {
  let sql = sqlCache.get(rows);
  if (sql !== undefined) return sql;
  const values: string[] = [];
  for (let row = 0; row < rows; row++) {
    const p = (n: number) => `$${row * PARAMS_PER_ROW + n}`;
    values.push(
      `(${row + 1}, ${p(1)}::uuid, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text, ${p(5)}::text, ${p(6)}::text, ` +
        `${p(7)}::numeric, ${p(8)}::text, ${p(9)}::timestamptz, ${p(10)}::uuid, ${p(11)}::jsonb, ${p(12)}::text)`,
    );
  }
  sql = `WITH input (ord, id, owner, external_id, service, payment_identifier, return_url, amount, request_text, created_at,
      prior_fault_id, prior_effect, checkout_origin) AS (VALUES ${values.join(',\n')}),
    wanting AS (
      SELECT ord, owner, row_number() OVER (PARTITION BY owner ORDER BY ord) AS k FROM input WHERE prior_fault_id IS NULL),
    armed AS (
      SELECT id, owner, seq, remaining, effect FROM faults
      WHERE owner IN (SELECT owner FROM wanting) AND remaining > 0 AND operation IN ('create', 'any') AND order_id IS NULL
      ORDER BY seq FOR UPDATE),
    ranges AS (
      SELECT id, owner, effect, remaining, sum(remaining) OVER (PARTITION BY owner ORDER BY seq) - remaining AS before FROM armed),
    taken AS (
      SELECT w.ord, r.id AS fault_id, r.effect FROM wanting w
      JOIN ranges r ON r.owner = w.owner AND w.k > r.before AND w.k <= r.before + r.remaining),
    used AS (
      UPDATE faults f SET remaining = f.remaining - t.uses
      FROM (SELECT fault_id, count(*)::int AS uses FROM taken GROUP BY fault_id) t WHERE f.id = t.fault_id
      RETURNING f.id),
    rows AS (
      SELECT i.*, coalesce(t.fault_id, i.prior_fault_id) AS fault_id, coalesce(t.effect, i.prior_effect) AS effect,
        (t.fault_id IS NULL OR t.effect->>'kind' = 'lose_answer') AS performs
      FROM input i LEFT JOIN taken t ON t.ord = i.ord),
    inserted AS (
      INSERT INTO orders (id, owner, external_id, service, payment_identifier, return_url, status,
        initial_amount, current_amount, refund_amount, request_text, created_at, updated_at, checkout_origin)
      SELECT id, owner, external_id, service, payment_identifier, return_url, 'new', amount, amount, 0, request_text,
        created_at, created_at, checkout_origin
      FROM rows WHERE performs ORDER BY ord
      ON CONFLICT ON CONSTRAINT orders_owner_external_id_key DO NOTHING
      RETURNING id),
    events AS (
      INSERT INTO order_events (order_id, at, type, data)
      SELECT e.order_id, e.at, e.type, e.data FROM (
        SELECT r.ord, 0 AS step, r.id AS order_id, r.created_at AS at, 'created' AS type,
          json_build_object('external_id', r.external_id, 'initial_amount', r.amount::numeric(10,2)::text, 'status', 'new')::text AS data
        FROM rows r JOIN inserted i ON i.id = r.id
        UNION ALL
        SELECT r.ord, 1, r.id, clock_timestamp(), 'fault_applied',
          json_build_object('fault_id', r.fault_id::text, 'operation', 'create', 'effect', r.effect)::text
        FROM rows r JOIN inserted i ON i.id = r.id WHERE r.fault_id IS NOT NULL) e
      ORDER BY e.ord, e.step)
    SELECT r.ord, r.fault_id::text AS fault_id, r.effect, i.id IS NOT NULL AS inserted
    FROM rows r LEFT JOIN inserted i ON i.id = r.id
    WHERE i.id IS NOT NULL OR r.fault_id IS NOT NULL`;
  if (rows <= MAX_GROUP_ROWS) sqlCache.set(rows, sql);
  return sql;
}

function groupParams(group: readonly PendingCreate[]): unknown[] {
  const params: unknown[] = [];
  for (const { id, owner, order, arrival, applied } of group) {
    params.push(
      id, owner, order.externalId, order.service, order.paymentIdentifier, order.returnUrl, order.amount, order.requestText, arrival.key,
      applied?.id ?? null, applied === null ? null : JSON.stringify(applied.effect), order.checkoutOrigin,
    );
  }
  return params;
}

interface GroupRow {
  ord: number;
  fault_id: string | null;
  effect: unknown;
  inserted: boolean;
}

function decodeGroupRow(row: unknown): GroupRow {
  if (typeof row !== 'object' || row === null || !('ord' in row) || !('inserted' in row) || !('fault_id' in row) || !('effect' in row)) {
    throw new Error('unexpected row from the create statement');
  }
  const { ord, inserted, fault_id: faultId, effect } = row;
  if (typeof ord !== 'number' || typeof inserted !== 'boolean' || (faultId !== null && typeof faultId !== 'string')) {
    throw new Error('unexpected row from the create statement');
  }
  return { ord, inserted, fault_id: faultId, effect };
}

/** The record of an order this statement inserted: every column is what the statement wrote. */
function insertedRecord(pending: PendingCreate): OrderRow {
  const { order } = pending;
  return {
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
    checkout_origin: order.checkoutOrigin,
  };
}

function settle(pending: PendingCreate, row: GroupRow | undefined): CreateResult {
  // A rule taken now; a delayed create's own rule was reported when it was taken.
  const fault = pending.applied === null && row !== undefined ? decodeAppliedFault(row.fault_id, row.effect) : null;
  if (row?.inserted === true) return { kind: 'created', order: insertedRecord(pending), fault };
  if (fault !== null && fault.effect.kind !== 'lose_answer') return { kind: 'fault', fault };
  return { kind: 'duplicate_external_id', fault };
}

/** Writes one group as one statement and settles every create in it; never throws. */
export async function writeGroup(db: Queryable, group: readonly PendingCreate[], onStatement?: (rows: number) => void): Promise<void> {
  let rows: GroupRow[];
  try {
    onStatement?.(group.length);
    rows = (await db.query<unknown>(groupSql(group.length), groupParams(group))).rows.map(decodeGroupRow);
  } catch (error) {
    if (group.length === 1) {
      group[0]?.reject(error);
      return;
    }
    // One row broke the statement (and took its rule uses with it): each create on its own, in
    // arrival order, answers each exactly as a lone create would have been answered.
    for (const pending of group) await writeGroup(db, [pending], onStatement);
    return;
  }
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  group.forEach((pending, index) => {
    try {
      pending.resolve(settle(pending, byOrd.get(index + 1)));
    } catch (error) {
      pending.reject(error);
    }
  });
}
