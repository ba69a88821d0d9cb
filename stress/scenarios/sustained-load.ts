import { z } from 'zod';
import { formatMoney, subtractMoney, sumMoney } from '../../src/contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import { ORDER_STATUSES } from '../../src/contract/schemas.ts';
import type { StressContext } from '../context.ts';
import type { Answer, Client } from '../http-client.ts';
import { createClient, ms, NetworkError, parseJson, percentile } from '../http-client.ts';
import { createActivatedOrder, createBody, orderOf, randomAmount, readOrder, refundBody } from '../orders.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';

// Creates, reads, refunds and control calls for 60 s at the benchmark's concurrency (16 keep-alive
// connections, each sending its next request as soon as the last is answered). Nothing may be a
// 5xx, every acknowledged create and refund must be there afterwards, and the server's memory must
// level off rather than grow with the number of requests.

const DURATION_MS = 60_000;
const CONCURRENCY = 16;
const REFUND_POOL = 32;
const POOL_AMOUNT = '99999999.99';
const SAMPLE_EVERY_MS = 2_000;
// Memory may grow while caches and the database warm up; after the first half it must level off.
const MAX_SECOND_HALF_GROWTH_MIB = 48;

type Operation = 'create' | 'read' | 'refund' | 'control' | 'list';
const WEIGHTS: [Operation, number][] = [['create', 30], ['read', 25], ['refund', 25], ['control', 10], ['list', 10]];
const EXPECTED: Record<Operation, number[]> = { create: [201], read: [200], refund: [200], control: [200, 409], list: [200] };

function pickOperation(): Operation {
  let roll = Math.random() * 100;
  for (const [operation, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return 'read';
}

const pick = <T>(values: readonly T[]): T | undefined => values[Math.floor(Math.random() * values.length)];

export const sustainedLoad: Scenario = {
  name: 'sustained mixed load',
  budgetMs: 180_000,
  run: runSustained,
};

async function runSustained(context: StressContext): Promise<ScenarioResult> {
  const result = emptyResult('sustained mixed load');
  const client = createClient(context.server.url, context.token, CONCURRENCY);
  const run = crypto.randomUUID().slice(0, 8);
  try {
    const pool: Order[] = [];
    for (let i = 0; i < REFUND_POOL; i++) pool.push(await createActivatedOrder(client, `pool-${run}-${i}`, POOL_AMOUNT));
    const refunded = new Map<string, string[]>(pool.map((o) => [o.id, []]));
    const created: string[] = [];
    const latencies = new Map<Operation, number[]>(WEIGHTS.map(([op]) => [op, []]));
    const statusCounts = new Map<string, number>();
    let counter = 0;

    const once = async (operation: Operation): Promise<Answer> => {
      const n = counter++;
      switch (operation) {
        case 'create': {
          const answer = await client.send('POST', orderServicePaths.orderCreate(), createBody(`load-${run}-${n}`, randomAmount(100, 50_000)));
          const order = answer.status === 201 ? orderOf(answer) : null;
          if (order !== null) created.push(order.id);
          return answer;
        }
        case 'read':
          return client.send('GET', orderServicePaths.orderRead(pick(created) ?? pool[0]?.id ?? ''));
        case 'refund': {
          const order = pick(pool);
          const amount = randomAmount(1, 100);
          const answer = await client.send('POST', orderServicePaths.orderRefund(order?.id ?? ''), refundBody(amount, `load-${run}-${n}`));
          if (answer.status === 200 && order !== undefined) refunded.get(order.id)?.push(amount);
          return answer;
        }
        case 'control':
          return client.send('POST', sandboxPaths.orderStatus(pick(created) ?? ''), { status: pick(ORDER_STATUSES) });
        case 'list': {
          const filter = Math.random() < 0.5 ? `status=${pick(ORDER_STATUSES) ?? 'new'}` : `q=load-${run}-${n % 100}`;
          return client.send('GET', `${sandboxPaths.orders()}?limit=20&${filter}`);
        }
      }
    };

    const rss: { at: number; mib: number }[] = [];
    const started = performance.now();
    const sample = () => {
      const mib = context.server.rssMiB();
      if (mib !== null) rss.push({ at: performance.now() - started, mib });
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_EVERY_MS);
    const deadline = started + DURATION_MS;
    const worker = async () => {
      while (performance.now() < deadline) {
        const picked = pickOperation();
        // The first requests: nothing of this run is created yet to read or move.
        const operation = created.length === 0 && (picked === 'control' || picked === 'read') ? 'create' : picked;
        try {
          const answer = await once(operation);
          latencies.get(operation)?.push(answer.ms);
          const key = `${operation} ${answer.status}`;
          statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
          if (answer.status >= 500) result.serverErrors += 1;
          if (!EXPECTED[operation].includes(answer.status) && result.lost.length < 50) {
            result.lost.push(`${operation} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
          }
        } catch (error) {
          if (!(error instanceof NetworkError)) throw error;
          result.lost.push(`${operation} got no answer (${error.code})`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    clearInterval(sampler);
    sample();
    const elapsed = performance.now() - started;

    result.lost.push(...(await verifyPool(client, refunded)));
    result.lost.push(...(await verifyCreated(client, created)));

    const all = [...latencies.values()].flat();
    result.load.push(`${all.length} requests in ${(elapsed / 1000).toFixed(1)} s at concurrency ${CONCURRENCY} (${(all.length / (elapsed / 1000)).toFixed(0)} req/s)`);
    result.load.push([...statusCounts].sort().map(([key, n]) => `${key}: ${n}`).join(', '));
    result.figures.push(`all requests: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(percentile(all, 100))}`);
    for (const [operation, values] of latencies) {
      result.figures.push(`${operation}: ${values.length} requests, p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`);
    }
    result.figures.push(`verified afterwards: ${created.length} acknowledged creates listed, ${[...refunded.values()].flat().length} acknowledged refunds add up on ${REFUND_POOL} orders`);
    const memory = memoryVerdict(rss);
    result.figures.push(memory.figure);
    if (memory.problem !== null) result.lost.push(memory.problem);
  } finally {
    client.close();
  }
  return result;
}

async function verifyPool(client: Client, refunded: Map<string, string[]>): Promise<string[]> {
  const problems: string[] = [];
  for (const [id, amounts] of refunded) {
    const order = await readOrder(client, id);
    const expected = formatMoney(sumMoney(amounts));
    if (order === null) problems.push(`pool order ${id} cannot be read`);
    else if (order.refund_amount !== expected || order.current_amount !== formatMoney(subtractMoney(POOL_AMOUNT, expected))) {
      problems.push(`pool order ${id}: refund_amount ${order.refund_amount}, current ${order.current_amount}; acknowledged refunds add up to ${expected}`);
    }
  }
  return problems;
}

const listPageSchema = z.object({ results: z.array(z.object({ id: z.string() })), next_cursor: z.string().nullable() });

/** Pages through the token's orders: every acknowledged create must be listed once. */
async function verifyCreated(client: Client, created: readonly string[]): Promise<string[]> {
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  do {
    const answer = await client.send('GET', `${sandboxPaths.orders()}?limit=500${cursor === null ? '' : `&cursor=${cursor}`}`);
    const page = listPageSchema.safeParse(parseJson(answer.text));
    if (answer.status !== 200 || !page.success) return [`listing the orders answered ${answer.status}`];
    for (const { id } of page.data.results) seen.set(id, (seen.get(id) ?? 0) + 1);
    cursor = page.data.next_cursor;
  } while (cursor !== null);
  const missing = created.filter((id) => seen.get(id) !== 1);
  return missing.map((id) => `created order ${id} was acknowledged but is listed ${seen.get(id) ?? 0} times`);
}

/**
 * RSS saws up and down with garbage collection, so the peaks are compared: the highest reading of
 * the second half may not exceed the highest of the first half (warm-up included) by more than the
 * limit. Memory that grows with the number of requests would break through it.
 */
function memoryVerdict(samples: readonly { at: number; mib: number }[]): { figure: string; problem: string | null } {
  if (samples.length < 4) return { figure: 'memory: not measured (no /proc)', problem: null };
  const half = DURATION_MS / 2;
  const peak = (from: number, to: number) => Math.max(...samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mib));
  const firstPeak = peak(0, half);
  const secondPeak = peak(half, Number.POSITIVE_INFINITY);
  const growth = secondPeak - firstPeak;
  const start = samples[0]?.mib ?? 0;
  const end = samples.at(-1)?.mib ?? 0;
  const figure =
    `server RSS: ${start.toFixed(0)} MiB at start, ${end.toFixed(0)} at the end; peak ${firstPeak.toFixed(0)} in the first 30 s, ` +
    `${secondPeak.toFixed(0)} in the last 30 s (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB, limit +${MAX_SECOND_HALF_GROWTH_MIB})`;
  const problem = growth > MAX_SECOND_HALF_GROWTH_MIB ? `server memory kept growing: peak +${growth.toFixed(1)} MiB in the second half of the run` : null;
  return { figure, problem };
}
