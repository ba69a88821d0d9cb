import { compareMoney, formatMoney, subtractMoney } from '../src/contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../src/contract/paths.ts';
import type { Order } from '../src/contract/schemas.ts';
import { orderSchema } from '../src/contract/schemas.ts';
import type { Answer, Client } from './http-client.ts';
import { parseJson } from './http-client.ts';

// Request bodies, amounts and the checks every refund scenario shares.

/** A random amount of whole cents in [minCents, maxCents], written as the service writes amounts. */
export function randomAmount(minCents: number, maxCents: number): string {
  return centsText(minCents + Math.floor(Math.random() * (maxCents - minCents + 1)));
}

/** Whole cents written as an amount: 1999 -> "19.99". */
export function centsText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function createBody(externalId: string, amount: string): Record<string, unknown> {
  return {
    order_external_id: externalId,
    return_url: 'https://shop.example/return',
    order_data: { eshop_external_id: 'stress-shop', amount },
    customer_data: { email: 'stress@example.com' },
    items: [{ name: 'Load', quantity: 1, amount, type: 'goods' }],
  };
}

export function refundBody(amount: string, paymentIdentifier: string): Record<string, unknown> {
  return { amount, destination_account_number: 'CZ6508000000192000145399', payment_identifier: paymentIdentifier, external_id: `x-${paymentIdentifier}` };
}

/** The order in an answer, or null when the answer is not one. */
export function orderOf(answer: Answer): Order | null {
  const parsed = orderSchema.safeParse(parseJson(answer.text));
  return parsed.success ? parsed.data : null;
}

export async function createActivatedOrder(client: Client, externalId: string, amount: string): Promise<Order> {
  const created = await client.send('POST', orderServicePaths.orderCreate(), createBody(externalId, amount));
  const order = orderOf(created);
  if (created.status !== 201 || order === null) throw new Error(`create answered ${created.status}: ${created.text.slice(0, 200)}`);
  const moved = await client.send('POST', sandboxPaths.orderStatus(order.id), { status: 'activated' });
  const activated = orderOf(moved);
  if (moved.status !== 200 || activated === null) throw new Error(`activate answered ${moved.status}: ${moved.text.slice(0, 200)}`);
  return activated;
}

export async function readOrder(client: Client, id: string): Promise<Order | null> {
  const answer = await client.send('GET', orderServicePaths.orderRead(id));
  return answer.status === 200 ? orderOf(answer) : null;
}

export interface AcceptedRefund {
  amount: string;
  /** The order as the refund's own 200 answer showed it. */
  after: Order;
}

/**
 * The refunds one order accepted, checked against each other and the order's final state:
 * every 200 answer must be one step of a single chain 0 -> r1 -> r1+r2 -> ..., each step exactly its
 * own amount (no update lost or applied twice under concurrency), and the final order must be the
 * end of that chain, its amounts adding up and its status following them (D6).
 */
export function refundChainProblems(label: string, initial: string, accepted: readonly AcceptedRefund[], final: Order | null): string[] {
  const problems: string[] = [];
  if (final === null) return [`${label}: the order cannot be read back`];
  const steps = [...accepted].sort((a, b) => compareMoney(a.after.refund_amount, b.after.refund_amount));
  let total = '0.00';
  for (const step of steps) {
    const before = formatMoney(subtractMoney(step.after.refund_amount, step.amount));
    if (before !== total) problems.push(`${label}: a refund of ${step.amount} answered refund_amount ${step.after.refund_amount}, expected ${formatMoney(total)} + ${step.amount}`);
    if (formatMoney(subtractMoney(initial, step.after.refund_amount)) !== step.after.current_amount) {
      problems.push(`${label}: an answer shows current_amount ${step.after.current_amount} with refund_amount ${step.after.refund_amount} of ${initial}`);
    }
    total = step.after.refund_amount;
  }
  if (final.refund_amount !== formatMoney(total)) problems.push(`${label}: refund_amount is ${final.refund_amount}, the accepted refunds add up to ${formatMoney(total)}`);
  if (compareMoney(final.refund_amount, initial) > 0) problems.push(`${label}: refunded ${final.refund_amount} of ${initial}`);
  if (final.current_amount !== formatMoney(subtractMoney(initial, final.refund_amount))) {
    problems.push(`${label}: current_amount ${final.current_amount} is not ${initial} - ${final.refund_amount}`);
  }
  const expectedStatus = final.current_amount === '0.00' ? 'refunded' : 'activated';
  if (final.status !== expectedStatus) problems.push(`${label}: status ${final.status} with current_amount ${final.current_amount}`);
  return problems;
}
