import { formatMoney, sumMoney } from '../../src/contract/money.ts';
import { orderServicePaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import type { StressContext } from '../context.ts';
import type { Answer, Client } from '../http-client.ts';
import { createClient, ms, NetworkError, percentile } from '../http-client.ts';
import type { AcceptedRefund } from '../orders.ts';
import { centsText, createActivatedOrder, orderOf, randomAmount, readOrder, refundBody, refundChainProblems } from '../orders.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';

// D6: concurrent refunds on one order are serialised; the sum refunded never exceeds the initial
// amount. Every refund of the burst is sent at once, each on its own connection; amounts are random
// and add up to about twice what the orders hold, so the service must refuse some.

interface BurstOptions {
  name: string;
  orders: number;
  refundsPerOrder: number;
  initial: string;
  maxCents: number;
}

export function refundBurst(options: BurstOptions): Scenario {
  return {
    name: options.name,
    budgetMs: 90_000,
    run: (context) => runBurst(context, options),
  };
}

async function runBurst(context: StressContext, options: BurstOptions): Promise<ScenarioResult> {
  const result = emptyResult(options.name);
  const total = options.orders * options.refundsPerOrder;
  const client = createClient(context.server.url, context.token, total + 8);
  try {
    const run = crypto.randomUUID().slice(0, 8);
    const orders: Order[] = [];
    for (let i = 0; i < options.orders; i++) orders.push(await createActivatedOrder(client, `burst-${run}-${i}`, options.initial));

    const requests = orders.flatMap((order) =>
      Array.from({ length: options.refundsPerOrder }, (_, i) => ({ order, amount: randomAmount(1, options.maxCents), pid: `burst-${run}-${order.id.slice(0, 8)}-${i}` })),
    );
    const started = performance.now();
    const answers = await Promise.all(
      requests.map((r) =>
        client.send('POST', orderServicePaths.orderRefund(r.order.id), refundBody(r.amount, r.pid)).catch((error: unknown) => {
          if (error instanceof NetworkError) return error;
          throw error;
        }),
      ),
    );
    const elapsed = performance.now() - started;

    const counts = new Map<string, number>();
    const latencies: number[] = [];
    const accepted = new Map<string, AcceptedRefund[]>(orders.map((o) => [o.id, []]));
    answers.forEach((answer, index) => {
      const sent = requests[index];
      if (sent === undefined) return;
      if (answer instanceof NetworkError) {
        counts.set(answer.code, (counts.get(answer.code) ?? 0) + 1);
        result.lost.push(`refund ${sent.pid} got no answer (${answer.code}): its outcome is unknown without a fault injected`);
        return;
      }
      latencies.push(answer.ms);
      counts.set(String(answer.status), (counts.get(String(answer.status)) ?? 0) + 1);
      if (answer.status >= 500) result.serverErrors += 1;
      classify(answer, sent, accepted.get(sent.order.id), result.lost);
    });

    let refundedTotal = '0';
    for (const order of orders) {
      const mine = accepted.get(order.id) ?? [];
      const final = await readOrder(client, order.id);
      result.lost.push(...refundChainProblems(`order ${order.id}`, options.initial, mine, final));
      refundedTotal = formatMoney(sumMoney([refundedTotal, ...mine.map((a) => a.amount)]));
    }
    result.lost.push(...(await finishOne(client, orders[0]?.id, options.initial)));

    const acceptedCount = [...accepted.values()].reduce((n, list) => n + list.length, 0);
    result.load.push(`${total} refunds sent at once on ${options.orders} activated order(s) of ${options.initial}, amounts 0.01-${centsText(options.maxCents)}`);
    result.load.push(`answers: ${[...counts].map(([status, n]) => `${n} x ${status}`).join(', ')} in ${ms(elapsed)}`);
    result.figures.push(`accepted ${acceptedCount} refunds, ${refundedTotal} in all; every 200 is one step of one chain per order`);
    result.figures.push(`latency p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(percentile(latencies, 100))}`);
  } finally {
    client.close();
  }
  return result;
}

function classify(answer: Answer, sent: { amount: string; pid: string }, accepted: AcceptedRefund[] | undefined, lost: string[]): void {
  if (answer.status === 200) {
    const after = orderOf(answer);
    if (after === null || accepted === undefined) lost.push(`refund ${sent.pid}: a 200 without an order: ${answer.text.slice(0, 200)}`);
    else accepted.push({ amount: sent.amount, after });
    return;
  }
  // 400: more than the current amount; 409: the order is refunded already. Both leave it unchanged.
  if (answer.status !== 400 && answer.status !== 409) lost.push(`refund ${sent.pid}: unexpected ${answer.status} ${answer.text.slice(0, 200)}`);
}

/** Refunds what is left of one order: it must become refunded, and a further refund a 409. */
async function finishOne(client: Client, id: string | undefined, initial: string): Promise<string[]> {
  if (id === undefined) return [];
  const before = await readOrder(client, id);
  if (before === null || before.current_amount === '0.00') return [];
  const last = await client.send('POST', orderServicePaths.orderRefund(id), refundBody(before.current_amount, `final-${crypto.randomUUID()}`));
  const after = orderOf(last);
  const problems: string[] = [];
  if (last.status !== 200 || after === null) problems.push(`refunding the rest of ${id} answered ${last.status}`);
  else if (after.status !== 'refunded' || after.current_amount !== '0.00' || after.refund_amount !== initial) {
    problems.push(`after refunding the rest, ${id} is ${after.status} with ${after.current_amount} left and ${after.refund_amount} refunded`);
  }
  const again = await client.send('POST', orderServicePaths.orderRefund(id), refundBody('0.01', `again-${crypto.randomUUID()}`));
  if (again.status !== 409) problems.push(`a refund on the refunded order ${id} answered ${again.status}, expected 409`);
  return problems;
}
