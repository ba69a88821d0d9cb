import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { OrderEvent } from '../contract/history.ts';
import { orderEventsResponseSchema } from '../contract/history.ts';
import { formatMoney, subtractMoney, sumMoney } from '../contract/money.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import { orderSchema } from '../contract/schemas.ts';
import type { MainProcess } from './testing/child.ts';
import { freePort, spawnMain, waitForListening } from './testing/child.ts';
import { call, orderBody, parseOrder, refundBody } from './testing/http.ts';

// D12 with D8: an event is committed with its change, so after kill -9 in the middle of creates and
// refunds, every order's history still tells exactly its amounts and its status.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-history-kill-'));
const running: MainProcess[] = [];
const token = 'dev-token';

afterAll(() => {
  for (const main of running) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** What the history says the order is, checked against the order itself. */
function historyProblems(order: Order, events: OrderEvent[]): string[] {
  const problems: string[] = [];
  const created = events.filter((e) => e.type === 'created');
  if (created.length !== 1 || events[0]?.type !== 'created') problems.push('not exactly one created event, first');
  if (created[0]?.initial_amount !== order.initial_amount) problems.push('created event amount');
  const refunded = events.filter((e) => e.type === 'refunded');
  if (formatMoney(sumMoney(['0', ...refunded.map((e) => e.amount)])) !== order.refund_amount) problems.push('refunds do not add up to refund_amount');
  if ((refunded.at(-1)?.current_amount ?? order.initial_amount) !== order.current_amount) problems.push('last refund event current_amount');
  if (formatMoney(subtractMoney(order.initial_amount, order.refund_amount)) !== order.current_amount) problems.push('order amounts');
  const moves = events.filter((e) => e.type === 'status_changed');
  let status = 'new';
  for (const move of moves) {
    if (move.from !== status) problems.push(`a move from ${move.from} while ${status}`);
    status = move.to;
  }
  if (status !== order.status) problems.push(`history ends at ${status}, order is ${order.status}`);
  return problems.map((p) => `${order.id}: ${p}`);
}

test('kill -9 in the middle of creates and refunds: every order\'s history matches its amounts after a restart', async () => {
  const db = join(dir, 'db');
  const first = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(first);
  const base = await waitForListening(first);

  const pool: string[] = [];
  for (let i = 0; i < 30; i++) {
    const created = parseOrder(await call(base, 'POST', orderServicePaths.orderCreate(), { token, json: orderBody({ order_data: { eshop_external_id: 'e', amount: '100.00' } }) }));
    await call(base, 'POST', sandboxPaths.orderStatus(created.id), { token, json: { status: 'activated' } });
    pool.push(created.id);
  }
  // Forty clients send creates and refunds back to back until the server is gone (at most 2,000 in
  // all). The kill comes after 150 answers, so writes are still arriving and being committed when it
  // lands, however far the server runs ahead of this process reading its answers (all at once, on a
  // busy machine, it had answered every request before the kill).
  let answered = 0;
  let sent = 0;
  let killed = false;
  const statuses: number[] = [];
  const client = async () => {
    while (sent < 2_000) {
      const i = sent++;
      try {
        const result =
          i % 2 === 0
            ? await call(base, 'POST', orderServicePaths.orderCreate(), { token, json: orderBody() })
            : await call(base, 'POST', orderServicePaths.orderRefund(pool[i % pool.length] ?? ''), { token, json: refundBody({ amount: `${1 + (i % 9)}.50` }) });
        statuses.push(result.status);
        answered += 1;
        if (answered >= 150 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      } catch {
        statuses.push(0);
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: 40 }, client));
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
  // The kill landed mid-load: every client's next request found no server.
  expect(statuses.filter((s) => s === 0)).toHaveLength(40);
  expect(sent).toBeLessThan(2_000);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);

  const second = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(second);
  const again = await waitForListening(second);
  const listed = z.object({ results: z.array(orderSchema) }).parse((await call(again, 'GET', `${sandboxPaths.orders()}?limit=500`, { token })).json).results;
  expect(listed.length).toBeGreaterThan(30);
  const problems: string[] = [];
  let refundEvents = 0;
  for (const order of listed) {
    const events = orderEventsResponseSchema.parse((await call(again, 'GET', sandboxPaths.orderEvents(order.id), { token })).json).results;
    refundEvents += events.filter((e) => e.type === 'refunded').length;
    problems.push(...historyProblems(order, events));
  }
  expect(problems).toEqual([]);
  expect(refundEvents).toBeGreaterThan(0);
  second.child.kill('SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });
}, 240_000);
