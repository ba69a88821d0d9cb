import { afterEach, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../../contract/paths.ts';
import type { MainProcess } from '../../sandbox/testing/child.ts';
import { freePort, spawnMain, waitForListening } from '../../sandbox/testing/child.ts';
import { call, createOrder } from '../../sandbox/testing/http.ts';

// `npm run serve` and a second SIGTERM: the first lets the request in flight finish (npm run
// deploy-check sends one to a console behind nginx and sees the read answered, then exit 0; what a
// team server finishes and lets go on PostgreSQL is postgres-restart.test.ts's second test); the
// second ends the process at once with 1.

const TOKEN = 'dev-token';
let main: MainProcess | null = null;

afterEach(async () => {
  if (main !== null && main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
  await main?.exited;
  main = null;
});

/** A running console whose next read of one order takes `ms` at the sandbox; the read, started. */
async function slowRead(ms: number): Promise<{ read: Promise<number> }> {
  main = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: ':memory:' });
  const url = await waitForListening(main);
  const order = await createOrder(url, TOKEN);
  expect((await call(url, 'POST', sandboxPaths.faults(), { token: TOKEN, json: { operation: 'read', order_id: order.id, effect: { kind: 'delay', ms } } })).status).toBe(201);
  // A request cut off counts as status 0.
  const read = fetch(`${url}${orderServicePaths.orderRead(order.id)}`, { headers: { Authorization: `Token ${TOKEN}` } }).then(
    (r) => r.status,
    () => 0,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { read };
}

test('a second SIGTERM ends it at once, with 1', async () => {
  const { read } = await slowRead(20_000);
  const started = main;
  if (started === null) throw new Error('not started');
  started.child.kill('SIGTERM');
  await expect.poll(() => started.stdout()).toContain('SIGTERM: finishing requests in flight');
  const second = Date.now();
  started.child.kill('SIGTERM');
  expect(await started.exited).toEqual({ code: 1, signal: null });
  expect(Date.now() - second).toBeLessThan(3_000);
  expect(started.stdout()).toContain('console: SIGTERM again, exiting without waiting');
  expect(await read).toBe(0);
});
