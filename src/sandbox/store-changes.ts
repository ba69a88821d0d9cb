import { randomUUID } from 'node:crypto';
import { compareMoney } from '../contract/money.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import { pathToStatus } from '../contract/states.ts';
import type { Queryable } from '../db/store-db.ts';
import type { NewEvent } from './store-events.ts';
import { insertEvents, statusChangedEvents } from './store-events.ts';
import type { AppliedFault, RequestOperation } from './store-faults.ts';
import { decodeAppliedFault, TAKE_FAULT_CTES, USED_FAULT_EVENT_DATA } from './store-faults.ts';
import type { OrderRow } from './store-schema.ts';
import { decodeOrderRow, ORDER_COLUMNS } from './store-schema.ts';

// The changes to an existing order (D6, D7) with their history (D12) and faults (D13), each in a
// transaction holding the order's row locked FOR UPDATE: concurrent changes cannot overdraw an
// order, and an event is committed exactly when its change is. Refunds are decided and written in
// groups (store-refund-group.ts); a move is one transaction of its own.

export interface NewRefund {
  amount: string;
  destinationAccountNumber: string;
  paymentIdentifier: string;
  externalId: string;
  /** The refund body as received, for the history of a refused refund. */
  request: Record<string, unknown>;
}

export type RefundResult =
  | { kind: 'refunded'; order: OrderRow; fault: AppliedFault | null }
  | { kind: 'not_found'; fault: null }
  | { kind: 'invalid_status'; status: OrderStatus; fault: AppliedFault | null }
  | { kind: 'invalid_amount'; message: string; fault: AppliedFault | null }
  | { kind: 'duplicate_payment_identifier'; fault: AppliedFault | null }
  /** A rule answering status, drop or delay fired: nothing was done. */
  | { kind: 'fault'; fault: AppliedFault };

export type MoveResult =
  | { kind: 'moved'; order: OrderRow; from: OrderStatus }
  | { kind: 'not_found' }
  | { kind: 'invalid_transition'; from: OrderStatus };

export type MoveSource = 'checkout' | 'control';

export async function selectOrders(db: Queryable, sql: string, params: unknown[]): Promise<OrderRow[]> {
  const result = await db.query<unknown>(sql, params);
  return result.rows.map(decodeOrderRow);
}

async function updatedOrder(tx: Queryable, sql: string, params: unknown[]): Promise<OrderRow> {
  const [order] = await selectOrders(tx, sql, params);
  if (order === undefined) throw new Error('order vanished inside its own transaction');
  return order;
}

/** The order and the rule it took, from a statement selecting ORDER_COLUMNS, fault_id and fault_effect. */
function splitFaultColumns(row: unknown): { order: OrderRow; fault: AppliedFault | null } {
  if (typeof row !== 'object' || row === null || !('fault_id' in row) || !('fault_effect' in row)) throw new Error('unexpected order row');
  const { fault_id: faultId, fault_effect: effect, ...order } = row;
  return { order: decodeOrderRow(order), fault: decodeAppliedFault(faultId, effect) };
}

/**
 * Selects the order of `owner` (locked when `lock`) and, when `operation` is given, takes the rule
 * it hits in the same statement. The rule's fault_applied event is written there too, except for a
 * lost answer: that one follows the operation's own events.
 */
export async function selectTakingFault(
  db: Queryable,
  owner: string,
  id: string,
  operation: RequestOperation | null,
  lock: boolean,
): Promise<{ order: OrderRow; fault: AppliedFault | null } | null> {
  const { rows } = await db.query<unknown>(
    `WITH ${TAKE_FAULT_CTES},
       event AS (
         INSERT INTO order_events (order_id, type, data)
         SELECT $1::uuid, 'fault_applied', ${USED_FAULT_EVENT_DATA} FROM used
         WHERE $3::text = 'read' OR used.effect->>'kind' <> 'lose_answer')
     SELECT ${ORDER_COLUMNS}, (SELECT id::text FROM used) AS fault_id, (SELECT effect FROM used) AS fault_effect
     FROM orders WHERE id = $1::uuid AND owner = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, owner, operation],
  );
  return rows[0] === undefined ? null : splitFaultColumns(rows[0]);
}

/**
 * D7 move along the shortest allowed path, one status_changed event per step. Reaching `refunded`
 * refunds the whole current amount (a `refunded` event from the control API), so the amounts and
 * the history stay consistent.
 */
export async function moveInTransaction(
  tx: Queryable,
  owner: string | null,
  id: string,
  target: OrderStatus,
  options: { allowSame?: boolean; source: MoveSource },
): Promise<MoveResult> {
  const [order] = await selectOrders(tx, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND ($2::text IS NULL OR owner = $2) FOR UPDATE`, [id, owner]);
  if (order === undefined) return { kind: 'not_found' };
  const path = pathToStatus(order.status, target);
  if (path === null || (path.length === 0 && options.allowSame !== true)) return { kind: 'invalid_transition', from: order.status };
  if (path.length === 0) return { kind: 'moved', order, from: order.status };
  if (target === 'refunded' && compareMoney(order.current_amount, '0') > 0) {
    const paymentIdentifier = `SIMULATED-${randomUUID()}`;
    await tx.query(
      `INSERT INTO refunds (order_id, amount, destination_account_number, payment_identifier, external_id)
       SELECT id, current_amount, 'SIMULATED', $2, 'SIMULATED' FROM orders WHERE id = $1`,
      [id, paymentIdentifier],
    );
    const refunded = await updatedOrder(
      tx,
      `UPDATE orders SET refund_amount = refund_amount + current_amount, current_amount = 0, status = 'refunded',
         updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
      [id],
    );
    const steps = statusChangedEvents(order.status, path, options.source);
    const refundedEvent: NewEvent = {
      type: 'refunded',
      data: {
        amount: order.current_amount,
        payment_identifier: paymentIdentifier,
        external_id: 'SIMULATED',
        destination_account_number: 'SIMULATED',
        current_amount: refunded.current_amount,
        refund_amount: refunded.refund_amount,
        source: 'control',
      },
    };
    // As with a refund through the interface: the refund, then the move it makes.
    await insertEvents(tx, id, [...steps.slice(0, -1), refundedEvent, ...steps.slice(-1)]);
    return { kind: 'moved', order: refunded, from: order.status };
  }
  const moved = await updatedOrder(tx, `UPDATE orders SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${ORDER_COLUMNS}`, [id, target]);
  await insertEvents(tx, id, statusChangedEvents(order.status, path, options.source));
  return { kind: 'moved', order: moved, from: order.status };
}
