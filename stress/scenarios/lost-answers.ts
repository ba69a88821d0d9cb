import { z } from 'zod';
import { faultListResponseSchema } from '../../src/contract/faults.ts';
import { orderEventsResponseSchema } from '../../src/contract/history.ts';
import { formatMoney, sumMoney } from '../../src/contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import type { StressContext } from '../context.ts';
import type { Answer, Client } from '../http-client.ts';
import { createClient, ms, NetworkError, parseJson, percentile } from '../http-client.ts';
import { centsText, createActivatedOrder, createBody, readOrder, refundBody } from '../orders.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';

// D13 under load: 300 creates and 300 refunds, with `lose_answer` armed on half of each (two rules,
// times 150: the first 150 of each to reach the store are done and committed, then their
// connection is reset). The client does what a careful partner does: it resends each create that
// got no answer with the same order_external_id (the service must say it exists), and checks each
// refund that got no answer by reading the order. Afterwards every order exists once, every refund
// was applied once (amounts and D12 history agree), and both rules are used up exactly.

const CREATES = 300;
const REFUNDS = 300;
const LOST = 150;
const POOL = 30;
const CONCURRENCY = 32;

export const lostAnswers: Scenario = { name: `lost answers: ${CREATES} creates and ${REFUNDS} refunds, lose_answer armed on half`, budgetMs: 180_000, run };

type Outcome = { answer: Answer } | { lost: NetworkError };

/** Sends every request, at most `concurrency` at a time; a connection reset is an outcome, not a failure. */
async function sendAll<T>(items: readonly T[], concurrency: number, send: (item: T) => Promise<Answer>): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array<Outcome>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item === undefined) continue;
      try {
        outcomes[index] = { answer: await send(item) };
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        outcomes[index] = { lost: error };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

async function arm(client: Client, operation: string): Promise<void> {
  const answer = await client.send('POST', sandboxPaths.faults(), { operation, effect: { kind: 'lose_answer' }, times: LOST });
  if (answer.status !== 201) throw new Error(`arming ${operation} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
}

const listPage = z.object({ results: z.array(z.object({ external_id: z.string() })), next_cursor: z.string().nullable() });

async function externalIdCounts(client: Client, prefix: string): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const answer = await client.send('GET', `${sandboxPaths.orders()}?limit=500&q=${prefix}${cursor === null ? '' : `&cursor=${cursor}`}`);
    const page = listPage.parse(parseJson(answer.text));
    for (const { external_id } of page.results) seen.set(external_id, (seen.get(external_id) ?? 0) + 1);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return seen;
}

async function run(context: StressContext): Promise<ScenarioResult> {
  const result = emptyResult(lostAnswers.name);
  const tag = `lost-${crypto.randomUUID().slice(0, 8)}`;
  const client = createClient(context.server.url, context.token, CONCURRENCY + 4);
  try {
    await client.send('DELETE', sandboxPaths.faults());
    const pool: Order[] = [];
    for (let i = 0; i < POOL; i++) pool.push(await createActivatedOrder(client, `${tag}-pool-${i}`, '10000.00'));

    const creates = Array.from({ length: CREATES }, (_, i) => ({ externalId: `${tag}-${i}`, amount: centsText(100 + i) }));
    const refunds = Array.from({ length: REFUNDS }, (_, i) => ({ order: pool[i % POOL] ?? pool[0], cents: 1 + ((i * 37) % 500), pid: `${tag}-r${i}` }));
    await arm(client, 'create');
    await arm(client, 'refund');

    const started = performance.now();
    const createOutcomes = await sendAll(creates, CONCURRENCY, (c) => client.send('POST', orderServicePaths.orderCreate(), createBody(c.externalId, c.amount)));
    const refundOutcomes = await sendAll(refunds, CONCURRENCY, (r) => client.send('POST', orderServicePaths.orderRefund(r.order?.id ?? ''), refundBody(centsText(r.cents), r.pid)));
    const elapsed = performance.now() - started;

    const latencies: number[] = [];
    const count = (outcomes: Outcome[], expected: number) => {
      let answered = 0;
      let lost = 0;
      outcomes.forEach((outcome, i) => {
        if ('lost' in outcome) {
          lost += 1;
          if (outcome.lost.code !== 'ECONNRESET') result.lost.push(`request ${i} ended with ${outcome.lost.code}, not a connection reset`);
          return;
        }
        latencies.push(outcome.answer.ms);
        if (outcome.answer.status >= 500) result.serverErrors += 1;
        if (outcome.answer.status === expected) answered += 1;
        else result.lost.push(`request ${i} answered ${outcome.answer.status}: ${outcome.answer.text.slice(0, 200)}`);
      });
      return { answered, lost };
    };
    const createCounts = count(createOutcomes, 201);
    const refundCounts = count(refundOutcomes, 200);
    for (const [what, counts] of [['creates', createCounts], ['refunds', refundCounts]] as const) {
      if (counts.lost !== LOST) result.lost.push(`${counts.lost} ${what} got no answer, expected exactly ${LOST} (one per use of the rule)`);
    }

    // The careful client: resend each lost create with the same external id; read each lost refund's order.
    let resentDuplicates = 0;
    for (const [i, outcome] of createOutcomes.entries()) {
      const sent = creates[i];
      if (!('lost' in outcome) || sent === undefined) continue;
      const again = await client.send('POST', orderServicePaths.orderCreate(), createBody(sent.externalId, sent.amount));
      if (again.status === 400 && again.text.includes('order_external_id')) resentDuplicates += 1;
      else result.lost.push(`resending lost create ${sent.externalId} answered ${again.status}: the lost create was not committed`);
    }
    const finals = new Map<string, Order | null>();
    for (const order of pool) finals.set(order.id, await readOrder(client, order.id));
    let lostRefundsSeen = 0;
    const eventsByOrder = new Map<string, Set<string>>();
    for (const order of pool) {
      const answer = await client.send('GET', sandboxPaths.orderEvents(order.id));
      const events = orderEventsResponseSchema.parse(parseJson(answer.text)).results;
      const pids = events.flatMap((e) => (e.type === 'refunded' ? [e.payment_identifier] : []));
      if (new Set(pids).size !== pids.length) result.lost.push(`order ${order.id}: a refund appears twice in its history`);
      eventsByOrder.set(order.id, new Set(pids));
    }
    for (const [i, outcome] of refundOutcomes.entries()) {
      const sent = refunds[i];
      if (!('lost' in outcome) || sent?.order === undefined) continue;
      if (eventsByOrder.get(sent.order.id)?.has(sent.pid) === true) lostRefundsSeen += 1;
      else result.lost.push(`lost refund ${sent.pid} is not in order ${sent.order.id}'s history: it was not committed`);
    }

    // Every order once; every refund once.
    const counts = await externalIdCounts(client, tag);
    for (const c of creates) if (counts.get(c.externalId) !== 1) result.lost.push(`create ${c.externalId} exists ${counts.get(c.externalId) ?? 0} times`);
    for (const order of pool) {
      const mine = refunds.filter((r) => r.order?.id === order.id);
      const expected = formatMoney(sumMoney(['0', ...mine.map((r) => centsText(r.cents))]));
      const final = finals.get(order.id);
      if (final?.refund_amount !== expected) result.lost.push(`order ${order.id}: refunded ${final?.refund_amount ?? '?'}, expected ${expected} (each refund once)`);
      if (eventsByOrder.get(order.id)?.size !== mine.length) result.lost.push(`order ${order.id}: ${eventsByOrder.get(order.id)?.size ?? 0} refunded events for ${mine.length} refunds`);
    }
    const left = faultListResponseSchema.parse(parseJson((await client.send('GET', sandboxPaths.faults())).text)).results;
    if (left.length > 0) result.lost.push(`rules still armed afterwards: ${JSON.stringify(left)}`);

    result.load.push(`${CREATES} creates, then ${REFUNDS} refunds on ${POOL} activated orders, ${CONCURRENCY} at a time, in ${ms(elapsed)}`);
    result.faults.push(`lose_answer armed for ${LOST} creates and ${LOST} refunds (two rules, times ${LOST})`);
    result.figures.push(`creates: ${createCounts.answered} answered 201, ${createCounts.lost} reset without an answer; resent: ${resentDuplicates} answered "already exists"`);
    result.figures.push(`refunds: ${refundCounts.answered} answered 200, ${refundCounts.lost} reset without an answer; found applied by reading the order: ${lostRefundsSeen}`);
    result.figures.push(`answered latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}`);
  } finally {
    await client.send('DELETE', sandboxPaths.faults()).catch(() => undefined);
    client.close();
  }
  return result;
}
