import { orderServicePaths } from '../../src/contract/paths.ts';
import type { Order } from '../../src/contract/schemas.ts';
import { centsOf, formatCents } from '../../src/contract/test-support.ts';
import { PostgresMissingError, startThrowawayPostgres } from '../../src/sandbox/testing/postgres-server.ts';
import type { StressContext } from '../context.ts';
import type { Answer, Client } from '../http-client.ts';
import { createClient, ms, NetworkError } from '../http-client.ts';
import type { AcceptedRefund } from '../orders.ts';
import { centsText, createActivatedOrder, createBody, orderOf, randomAmount, readOrder, refundBody, refundChainProblems } from '../orders.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';
import type { SandboxProcess } from '../sandbox-process.ts';
import { startSandbox } from '../sandbox-process.ts';

// D15: the team sandbox, two sandbox processes (src/server/main.ts) on one PostgreSQL
// database (a throwaway server from the machine's binaries, fsync on).
// 1. Refund burst: 20 orders of 100.00, 40 refunds each sent at once, alternately to either
//    process; amounts add up to about twice what the orders hold. No order is overdrawn and every
//    accepted refund is one step of a single chain (the group commit is per process; the database
//    serialises the two).
// 2. kill -9: 300 creates and 300 refunds (on 30 activated orders) sent at once, half to each
//    process; process A is killed with SIGKILL after 200 answers. Process B answers every one of its
//    requests; every acknowledged create and refund is there; each request A left unanswered is
//    sent again to B with the same identifiers and is either applied now or refused as a duplicate;
//    afterwards each pool order has refunded exactly the sum of its refunds: nothing applied twice.

const BURST_ORDERS = 20;
const BURST_REFUNDS = 40;
const BURST_INITIAL = '100.00';
const POOL = 30;
const POOL_AMOUNT = '1000.00';
const CREATES = 300;
const REFUNDS = 300;
const KILL_AFTER = 200;

export const teamPostgres: Scenario = {
  name: 'team sandbox: refund burst and kill -9 on two processes sharing PostgreSQL',
  budgetMs: 240_000,
  run: runTeam,
};

type Sent = { answer: Answer; to: 'A' | 'B' } | { answer: null; to: 'A' | 'B' };

async function send(client: Client, method: string, path: string, body: unknown): Promise<Answer | null> {
  try {
    return await client.send(method, path, body);
  } catch (error) {
    if (error instanceof NetworkError) return null;
    throw error;
  }
}

async function runTeam(context: StressContext): Promise<ScenarioResult> {
  const result = emptyResult(teamPostgres.name);
  let postgres;
  try {
    postgres = await startThrowawayPostgres({ durable: true });
  } catch (error) {
    if (!(error instanceof PostgresMissingError)) throw error;
    result.lost.push(`not run: ${error.message}`);
    return result;
  }
  const processes: SandboxProcess[] = [];
  try {
    const databaseUrl = await postgres.createDatabase('stress');
    const tokens = [context.token];
    const [a, b] = await Promise.all([startSandbox({ databaseUrl, tokens }), startSandbox({ databaseUrl, tokens })]);
    processes.push(a, b);
    result.load.push(`two sandbox processes on one PostgreSQL database (${a.url}, ${b.url})`);
    await burst(context.token, a, b, result);
    await killOne(context.token, a, b, result);
    if ([a, b].some((p) => p.output().includes(context.token))) result.lost.push('the token appears in a sandbox process output');
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
    await postgres.stop();
  }
  return result;
}

async function burst(token: string, a: SandboxProcess, b: SandboxProcess, result: ScenarioResult): Promise<void> {
  const run = crypto.randomUUID().slice(0, 8);
  const clients = { A: createClient(a.url, token, BURST_ORDERS * BURST_REFUNDS), B: createClient(b.url, token, BURST_ORDERS * BURST_REFUNDS) };
  try {
    const orders: Order[] = [];
    for (let i = 0; i < BURST_ORDERS; i++) orders.push(await createActivatedOrder(i % 2 === 0 ? clients.A : clients.B, `team-burst-${run}-${i}`, BURST_INITIAL));
    const requests = orders.flatMap((order) =>
      Array.from({ length: BURST_REFUNDS }, (_, i) => ({ order, to: i % 2 === 0 ? ('A' as const) : ('B' as const), amount: randomAmount(1, 1000), pid: `team-${run}-${order.id.slice(0, 8)}-${i}` })),
    );
    const started = performance.now();
    const answers = await Promise.all(requests.map((r) => send(clients[r.to], 'POST', orderServicePaths.orderRefund(r.order.id), refundBody(r.amount, r.pid))));
    const elapsed = performance.now() - started;
    const accepted = new Map<string, AcceptedRefund[]>(orders.map((o) => [o.id, []]));
    let ok = 0;
    let refused = 0;
    answers.forEach((answer, index) => {
      const sent = requests[index];
      if (sent === undefined) return;
      if (answer === null) {
        result.lost.push(`refund ${sent.pid} to ${sent.to} got no answer`);
        return;
      }
      if (answer.status >= 500) result.serverErrors += 1;
      const after = orderOf(answer);
      if (answer.status === 200 && after !== null) {
        ok += 1;
        accepted.get(sent.order.id)?.push({ amount: sent.amount, after });
      } else if (answer.status === 400 || answer.status === 409) refused += 1;
      else result.lost.push(`refund ${sent.pid} to ${sent.to} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    });
    for (const order of orders) {
      // Read back through the other process than the one that created it.
      const final = await readOrder(clients.B, order.id);
      result.lost.push(...refundChainProblems(`order ${order.id}`, BURST_INITIAL, accepted.get(order.id) ?? [], final));
    }
    result.load.push(`refund burst: ${requests.length} refunds on ${BURST_ORDERS} orders of ${BURST_INITIAL} sent at once, alternately to A and B`);
    result.figures.push(`refund burst: ${ok} accepted, ${refused} refused (over the amount), in ${ms(elapsed)}; every order's accepted refunds form one chain and no order is overdrawn`);
  } finally {
    clients.A.close();
    clients.B.close();
  }
}

interface CreateOp {
  kind: 'create';
  externalId: string;
  amount: string;
  to: 'A' | 'B';
}
interface RefundOp {
  kind: 'refund';
  orderId: string;
  cents: number;
  pid: string;
  to: 'A' | 'B';
}
type Op = CreateOp | RefundOp;

async function killOne(token: string, a: SandboxProcess, b: SandboxProcess, result: ScenarioResult): Promise<void> {
  const run = crypto.randomUUID().slice(0, 8);
  const setup = createClient(b.url, token, 16);
  const pool: Order[] = [];
  for (let i = 0; i < POOL; i += 10) {
    pool.push(...(await Promise.all(Array.from({ length: Math.min(10, POOL - i) }, (_, j) => createActivatedOrder(setup, `team-k9-${run}-pool-${i + j}`, POOL_AMOUNT)))));
  }
  setup.close();
  const ops: Op[] = [
    ...Array.from({ length: CREATES }, (_, i): CreateOp => ({ kind: 'create', externalId: `team-k9-${run}-${i}`, amount: centsText(1000 + i), to: i % 2 === 0 ? 'A' : 'B' })),
    ...Array.from({ length: REFUNDS }, (_, i): RefundOp => ({ kind: 'refund', orderId: pool[i % POOL]?.id ?? '', cents: 1 + Math.floor(Math.random() * 500), pid: `team-k9-${run}-r${i}`, to: i % 2 === 0 ? 'A' : 'B' })),
  ];
  const clients = { A: createClient(a.url, token, ops.length), B: createClient(b.url, token, ops.length) };
  let answered = 0;
  let killed: Promise<void> | null = null;
  const started = performance.now();
  const outcomes = await Promise.all(
    ops.map(async (op): Promise<Sent & { op: Op }> => {
      const client = clients[op.to];
      const answer =
        op.kind === 'create'
          ? await send(client, 'POST', orderServicePaths.orderCreate(), createBody(op.externalId, op.amount))
          : await send(client, 'POST', orderServicePaths.orderRefund(op.orderId), refundBody(centsText(op.cents), op.pid));
      if (answer !== null) {
        answered += 1;
        if (answered >= KILL_AFTER && killed === null) killed = a.kill9();
      }
      return { op, to: op.to, answer };
    }),
  );
  await (killed ?? a.kill9());
  const killedAfter = performance.now() - started;
  clients.A.close();
  clients.B.close();

  const client = createClient(b.url, token, 16);
  try {
    const unknown: Op[] = [];
    const ackedCreates = new Map<string, Order>();
    let ackedRefunds = 0;
    let answeredByB = 0;
    for (const { op, answer } of outcomes) {
      if (answer === null) {
        if (op.to === 'B') result.lost.push(`${op.kind} sent to B (still running) got no answer`);
        unknown.push(op);
        continue;
      }
      if (op.to === 'B') answeredByB += 1;
      if (answer.status >= 500) result.serverErrors += 1;
      const order = orderOf(answer);
      if (op.kind === 'create' && answer.status === 201 && order !== null) ackedCreates.set(op.externalId, order);
      else if (op.kind === 'refund' && answer.status === 200) ackedRefunds += 1;
      else result.lost.push(`${op.kind} to ${op.to} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    // Every acknowledged create is there, as it was answered.
    for (const [externalId, order] of ackedCreates) {
      const read = await readOrder(client, order.id);
      if (read === null) result.lost.push(`acknowledged order ${externalId} is gone`);
      else if (read.external_id !== externalId || read.initial_amount !== order.initial_amount) result.lost.push(`acknowledged order ${externalId} came back changed`);
    }
    // What A left unanswered, sent again to B with the same identifiers.
    let appliedBefore = 0;
    let appliedNow = 0;
    for (const op of unknown) {
      const answer =
        op.kind === 'create'
          ? await send(client, 'POST', orderServicePaths.orderCreate(), createBody(op.externalId, op.amount))
          : await send(client, 'POST', orderServicePaths.orderRefund(op.orderId), refundBody(centsText(op.cents), op.pid));
      const duplicateOf = op.kind === 'create' ? 'order_external_id' : 'payment_identifier';
      if (answer === null) result.lost.push(`resending ${op.kind} to B got no answer`);
      else if (answer.status === 201 || answer.status === 200) appliedNow += 1;
      else if (answer.status === 400 && answer.text.includes(duplicateOf)) appliedBefore += 1;
      else result.lost.push(`resending ${op.kind} to B answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    // Every refund op is now applied exactly once: each pool order refunded exactly the sum of its ops.
    for (const order of pool) {
      const read = await readOrder(client, order.id);
      const expected = ops.filter((op): op is RefundOp => op.kind === 'refund' && op.orderId === order.id).reduce((sum, op) => sum + BigInt(op.cents), 0n);
      if (read === null) result.lost.push(`pool order ${order.id} is gone`);
      else if (centsOf(read.refund_amount) !== expected) result.lost.push(`pool order ${order.id}: refunded ${read.refund_amount}, its refunds add up to ${formatCents(expected)}`);
      else if (centsOf(read.current_amount) + centsOf(read.refund_amount) !== centsOf(POOL_AMOUNT)) result.lost.push(`pool order ${order.id}: amounts do not add up`);
    }
    result.load.push(`${CREATES} creates and ${REFUNDS} refunds (on ${POOL} orders) sent at once, half to each process`);
    result.faults.push(`kill -9 of process A after ${KILL_AFTER} answers (${ms(killedAfter)} after the burst started); B kept serving`);
    result.figures.push(
      `acknowledged: ${ackedCreates.size} creates, ${ackedRefunds} refunds; B answered all ${answeredByB} of its requests; no answer from A: ${unknown.length}`,
    );
    result.figures.push(`sent again to B: ${appliedBefore} had been applied before the kill (refused as duplicates), ${appliedNow} applied now; every pool order refunded exactly its refunds' sum`);
  } finally {
    client.close();
  }
}
