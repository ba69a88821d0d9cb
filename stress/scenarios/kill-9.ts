import { z } from 'zod';
import { orderEventsResponseSchema } from '../../src/contract/history.ts';
import { formatMoney, sumMoney } from '../../src/contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import { centsOf, formatCents } from '../../src/contract/test-support.ts';
import type { StressContext } from '../context.ts';
import type { Client } from '../http-client.ts';
import { createClient, ms, NetworkError, parseJson } from '../http-client.ts';
import { centsText, createActivatedOrder, createBody, orderOf, readOrder, refundBody } from '../orders.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';
import { filesContaining } from './data-files.ts';

// D8: orders survive a kill -9. 1,000 creates and refunds are sent at once and the server is killed
// with SIGKILL once 350 of them are answered. After a restart on the same data directory: every
// acknowledged create and refund is there, no refund is half applied, and the requests that got no
// answer were applied at most once: sending them again with the same identifiers (what a careful
// client does) either applies them now or is refused as a duplicate, never applied twice.

const ORDERS = 100;
const ORDER_AMOUNT = '1000.00';
const CREATES = 500;
const REFUNDS = 500;
const KILL_AFTER_ANSWERS = 350;

interface CreateOp {
  kind: 'create';
  externalId: string;
  amount: string;
}
interface RefundOp {
  kind: 'refund';
  orderId: string;
  cents: number;
  pid: string;
}
type Op = CreateOp | RefundOp;

export const killNine: Scenario = { name: 'kill -9 during 1,000 concurrent creates and refunds', budgetMs: 240_000, run: runKill };

async function runKill(context: StressContext): Promise<ScenarioResult> {
  const result = emptyResult(killNine.name);
  const run = crypto.randomUUID().slice(0, 8);
  const before = context.server;
  const setup = createClient(before.url, context.token, 16);
  const pool: Order[] = [];
  for (let i = 0; i < ORDERS; i += 16) {
    pool.push(...(await Promise.all(Array.from({ length: Math.min(16, ORDERS - i) }, (_, j) => createActivatedOrder(setup, `k9-${run}-pool-${i + j}`, ORDER_AMOUNT)))));
  }
  setup.close();

  const ops: Op[] = [
    ...Array.from({ length: CREATES }, (_, i): CreateOp => ({ kind: 'create', externalId: `k9-${run}-${i}`, amount: centsText(1000 + i) })),
    ...Array.from({ length: REFUNDS }, (_, i): RefundOp => ({ kind: 'refund', orderId: pool[i % ORDERS]?.id ?? '', cents: 1 + Math.floor(Math.random() * 500), pid: `k9-${run}-r${i}` })),
  ];
  shuffle(ops);

  const burst = createClient(before.url, context.token, ops.length + 8);
  let answered = 0;
  let killed: Promise<void> | null = null;
  let inFlightAtKill = 0;
  const send = (op: Op) =>
    op.kind === 'create'
      ? burst.send('POST', orderServicePaths.orderCreate(), createBody(op.externalId, op.amount))
      : burst.send('POST', orderServicePaths.orderRefund(op.orderId), refundBody(centsText(op.cents), op.pid));
  const started = performance.now();
  const outcomes = await Promise.all(
    ops.map(async (op) => {
      try {
        const answer = await send(op);
        answered += 1;
        if (answered >= KILL_AFTER_ANSWERS && killed === null) {
          inFlightAtKill = ops.length - answered;
          killed = before.kill9();
        }
        return { op, answer };
      } catch (error) {
        if (error instanceof NetworkError) return { op, answer: null };
        throw error;
      }
    }),
  );
  burst.close();
  await (killed ?? before.kill9());
  const killedAfterMs = performance.now() - started;

  const ackedCreates = new Map<string, Order>();
  const ackedRefunds = new Map<string, RefundOp[]>(pool.map((o) => [o.id, []]));
  const unknownRefunds = new Map<string, RefundOp[]>(pool.map((o) => [o.id, []]));
  const unknownCreates: CreateOp[] = [];
  for (const { op, answer } of outcomes) {
    if (answer === null) {
      if (op.kind === 'create') unknownCreates.push(op);
      else unknownRefunds.get(op.orderId)?.push(op);
      continue;
    }
    if (answer.status >= 500) result.serverErrors += 1;
    const order = orderOf(answer);
    if (op.kind === 'create' && answer.status === 201 && order !== null) ackedCreates.set(op.externalId, order);
    else if (op.kind === 'refund' && answer.status === 200) ackedRefunds.get(op.orderId)?.push(op);
    else result.lost.push(`${op.kind} answered ${answer.status} before the kill: ${answer.text.slice(0, 200)}`);
  }
  const ackedRefundCount = [...ackedRefunds.values()].flat().length;
  const unknownRefundCount = [...unknownRefunds.values()].flat().length;

  const restartStarted = performance.now();
  const after = await context.restart();
  const restartMs = performance.now() - restartStarted;
  const client = createClient(after.url, context.token, 16);
  try {
    result.lost.push(...(await checkCreates(client, ackedCreates)));
    result.lost.push(...(await checkRefunds(client, pool, ackedRefunds, unknownRefunds)));
    const resent = await resendUnknown(client, unknownCreates, [...unknownRefunds.values()].flat());
    result.lost.push(...resent.problems);
    result.lost.push(...(await checkExactlyOnce(client, run, ops, pool, ackedRefunds, unknownRefunds)));
    result.lost.push(...(await checkHistories(client, pool)));
    const tokenFiles = filesContaining(context.dataDir, [context.token, context.otherToken]);
    if (tokenFiles.length > 0) result.lost.push(`a token is written in the data files: ${tokenFiles.join(', ')}`);
    if ([before.output(), after.output()].some((out) => out.includes(context.token))) result.lost.push('a token appears in the server output');

    result.load.push(`${CREATES} creates and ${REFUNDS} refunds (on ${ORDERS} activated orders) sent at once`);
    result.faults.push(`kill -9 after ${KILL_AFTER_ANSWERS} answers, ${inFlightAtKill} requests still in flight (${ms(killedAfterMs)} after the burst started)`);
    result.faults.push(`restart on the same data directory: listening again after ${ms(restartMs)}`);
    result.figures.push(`acknowledged before the kill: ${ackedCreates.size} creates, ${ackedRefundCount} refunds; no answer: ${unknownCreates.length} creates, ${unknownRefundCount} refunds`);
    result.figures.push(`sent again after the restart: ${resent.appliedBefore} had been applied before the kill (refused as duplicates), ${resent.appliedNow} were applied now`);
    result.figures.push('data files and server output searched for both tokens: not found');
    result.figures.push(`every pool order's history (D12) checked against its amounts after the restart`);
  } finally {
    client.close();
  }
  return result;
}

function shuffle<T>(values: T[]): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    const a = values[i];
    const b = values[j];
    if (a === undefined || b === undefined) continue;
    values[i] = b;
    values[j] = a;
  }
}

async function checkCreates(client: Client, acked: Map<string, Order>): Promise<string[]> {
  const problems: string[] = [];
  for (const [externalId, order] of acked) {
    const read = await readOrder(client, order.id);
    if (read === null) problems.push(`acknowledged order ${externalId} (${order.id}) is gone`);
    else if (read.external_id !== externalId || read.initial_amount !== order.initial_amount || read.status !== 'new') {
      problems.push(`acknowledged order ${externalId} came back changed: ${JSON.stringify(read)}`);
    }
  }
  return problems;
}

/** Whole-cent sums some subset of `values` can make. */
function subsetSums(values: readonly bigint[]): Set<bigint> {
  let sums = new Set([0n]);
  for (const v of values) sums = new Set([...sums, ...[...sums].map((s) => s + v)]);
  return sums;
}

async function checkRefunds(client: Client, pool: Order[], acked: Map<string, RefundOp[]>, unknown: Map<string, RefundOp[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const order of pool) {
    const read = await readOrder(client, order.id);
    if (read === null) {
      problems.push(`pool order ${order.id} is gone`);
      continue;
    }
    const sure = (acked.get(order.id) ?? []).reduce((n, op) => n + BigInt(op.cents), 0n);
    const extra = centsOf(read.refund_amount) - sure;
    // No half-applied refund: the amounts add up and the status follows them.
    if (centsOf(read.current_amount) + centsOf(read.refund_amount) !== centsOf(ORDER_AMOUNT)) problems.push(`order ${order.id}: ${read.current_amount} + ${read.refund_amount} != ${ORDER_AMOUNT}`);
    if (read.status !== (read.current_amount === '0.00' ? 'refunded' : 'activated')) problems.push(`order ${order.id}: status ${read.status} with ${read.current_amount} left`);
    if (extra < 0n) problems.push(`order ${order.id}: acknowledged refunds of ${formatCents(sure)} but only ${read.refund_amount} refunded`);
    else if (!subsetSums((unknown.get(order.id) ?? []).map((op) => BigInt(op.cents))).has(extra)) {
      problems.push(`order ${order.id}: ${formatCents(extra)} refunded beyond the acknowledged refunds, which no set of unanswered refunds adds up to`);
    }
  }
  return problems;
}

async function resendUnknown(client: Client, creates: CreateOp[], refunds: RefundOp[]) {
  const problems: string[] = [];
  let appliedBefore = 0;
  let appliedNow = 0;
  for (const op of creates) {
    const answer = await client.send('POST', orderServicePaths.orderCreate(), createBody(op.externalId, op.amount));
    if (answer.status === 201) appliedNow += 1;
    else if (answer.status === 400 && answer.text.includes('order_external_id')) appliedBefore += 1;
    else problems.push(`resending create ${op.externalId} answered ${answer.status}`);
  }
  for (const op of refunds) {
    const answer = await client.send('POST', orderServicePaths.orderRefund(op.orderId), refundBody(centsText(op.cents), op.pid));
    if (answer.status === 200) appliedNow += 1;
    else if (answer.status === 400 && answer.text.includes('payment_identifier')) appliedBefore += 1;
    else problems.push(`resending refund ${op.pid} answered ${answer.status}`);
  }
  return { problems, appliedBefore, appliedNow };
}

/** D12: each pool order's history still adds up to its amounts: one refunded event per refund applied. */
async function checkHistories(client: Client, pool: Order[]): Promise<string[]> {
  const problems: string[] = [];
  for (const order of pool) {
    const read = await readOrder(client, order.id);
    const answer = await client.send('GET', sandboxPaths.orderEvents(order.id));
    const events = orderEventsResponseSchema.safeParse(parseJson(answer.text));
    if (read === null || !events.success) {
      problems.push(`order ${order.id}: history answered ${answer.status}`);
      continue;
    }
    const refunded = events.data.results.flatMap((e) => (e.type === 'refunded' ? [e] : []));
    const total = formatMoney(sumMoney(['0', ...refunded.map((e) => e.amount)]));
    if (total !== read.refund_amount) problems.push(`order ${order.id}: its refunded events add up to ${total}, refund_amount is ${read.refund_amount}`);
    if ((refunded.at(-1)?.current_amount ?? ORDER_AMOUNT) !== read.current_amount) problems.push(`order ${order.id}: the last refunded event does not end at ${read.current_amount}`);
  }
  return problems;
}

const listPageSchema = z.object({ results: z.array(z.object({ external_id: z.string() })), next_cursor: z.string().nullable() });

/** After the resends, every create exists once and every refund is counted once. */
async function checkExactlyOnce(client: Client, run: string, ops: Op[], pool: Order[], acked: Map<string, RefundOp[]>, unknown: Map<string, RefundOp[]>): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const answer = await client.send('GET', `${sandboxPaths.orders()}?limit=500&q=k9-${run}-${cursor === null ? '' : `&cursor=${cursor}`}`);
    const page = listPageSchema.safeParse(parseJson(answer.text));
    if (!page.success) return [`listing answered ${answer.status}`];
    for (const { external_id } of page.data.results) seen.set(external_id, (seen.get(external_id) ?? 0) + 1);
    cursor = page.data.next_cursor;
  } while (cursor !== null);
  for (const op of ops) if (op.kind === 'create' && seen.get(op.externalId) !== 1) problems.push(`create ${op.externalId} exists ${seen.get(op.externalId) ?? 0} times`);
  for (const order of pool) {
    const all = [...(acked.get(order.id) ?? []), ...(unknown.get(order.id) ?? [])];
    const expected = formatMoney(sumMoney(all.map((op) => centsText(op.cents))));
    const read = await readOrder(client, order.id);
    if (read?.refund_amount !== expected) problems.push(`order ${order.id}: refunded ${read?.refund_amount ?? '?'} after the resends, expected ${expected} (each refund once)`);
  }
  return problems;
}
