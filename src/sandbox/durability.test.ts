import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { Order } from '../contract/schemas.ts';
import type { MainProcess } from './testing/child.ts';
import { freePort, spawnMain, waitForListening } from './testing/child.ts';
import { call, orderBody, parseOrder, refundBody } from './testing/http.ts';

// docs/decisions.md D8: every acknowledged write survives kill -9; an unusable data directory ends the
// process with one clear line. main.ts runs as a child process, exactly as `npm run serve` runs it.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-durability-'));
const running: MainProcess[] = [];

afterAll(() => {
  for (const main of running) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('acknowledged orders and refunds survive kill -9; SIGTERM then exits 0', async () => {
  const db = join(dir, 'db');
  const first = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db, SANDBOX_TOKENS: 'durable-token,dev-token' });
  running.push(first);
  const base = await waitForListening(first);
  expect(first.stdout()).not.toContain('durable-token');
  expect(first.stdout()).not.toContain('development token');

  const token = 'dev-token';
  const creates = await Promise.all(
    Array.from({ length: 200 }, () => call(base, 'POST', orderServicePaths.orderCreate(), { token, json: orderBody() })),
  );
  const acknowledged = new Map<string, Order>();
  for (const result of creates) if (result.status === 201) acknowledged.set(parseOrder(result).id, parseOrder(result));
  expect(acknowledged.size).toBe(200);

  // A few refunds, the last writes before the kill.
  const refunded = [...acknowledged.keys()].slice(0, 8);
  for (const id of refunded) {
    const moved = await call(base, 'POST', sandboxPaths.orderStatus(id), { token, json: { status: 'activated' } });
    acknowledged.set(id, parseOrder(moved));
  }
  const refunds = await Promise.all(
    refunded.map((id) => call(base, 'POST', orderServicePaths.orderRefund(id), { token, json: refundBody({ amount: '20.50' }) })),
  );
  first.child.kill('SIGKILL');
  for (const result of refunds) {
    expect(result.status).toBe(200);
    const order = parseOrder(result);
    acknowledged.set(order.id, order);
  }
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

  const second = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(second);
  const again = await waitForListening(second);
  expect(second.stdout()).toContain('(development token: dev-token)');

  const listed = await call(again, 'GET', `${sandboxPaths.orders()}?limit=500`, { token });
  expect((listed.json as { results: unknown[] }).results).toHaveLength(200);
  for (const [id, expected] of acknowledged) {
    const read = await call(again, 'GET', orderServicePaths.orderRead(id), { token });
    expect(read.status).toBe(200);
    const order = parseOrder(read);
    expect({ ...order, redirect_url: '' }).toEqual({ ...expected, redirect_url: '' });
  }
  expect(refunded.map((id) => acknowledged.get(id)?.current_amount)).toEqual(Array(8).fill('100.00'));

  second.child.kill('SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });
}, 240_000);

test('kill -9 in the middle of grouped creates: every acknowledged order is there after a restart', async () => {
  const db = join(dir, 'db-grouped');
  const first = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(first);
  const base = await waitForListening(first);
  const token = 'dev-token';

  // Many creates at once, so the store writes them in groups; the kill lands while later groups
  // are still queued or being written.
  const acknowledged = new Map<string, Order>();
  let killed = false;
  const attempts = Array.from({ length: 400 }, async () => {
    try {
      const result = await call(base, 'POST', orderServicePaths.orderCreate(), { token, json: orderBody() });
      if (result.status === 201 && !killed) {
        const order = parseOrder(result);
        acknowledged.set(order.id, order);
        if (acknowledged.size >= 120) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    } catch {
      // Cut off by the kill: neither acknowledged nor required.
    }
  });
  await Promise.all(attempts);
  expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
  expect(acknowledged.size).toBeGreaterThanOrEqual(120);
  // The kill landed while creates were still coming in (by 400 at once).
  expect(acknowledged.size).toBeLessThan(400);

  const second = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(second);
  const again = await waitForListening(second);
  const listed = await call(again, 'GET', `${sandboxPaths.orders()}?limit=500`, { token });
  const ids = new Set((listed.json as { results: Order[] }).results.map((order) => order.id));
  for (const [id, expected] of acknowledged) {
    expect(ids.has(id)).toBe(true);
    const read = await call(again, 'GET', orderServicePaths.orderRead(id), { token });
    expect({ ...parseOrder(read), redirect_url: '' }).toEqual({ ...expected, redirect_url: '' });
  }
  second.child.kill('SIGTERM');
  expect(await second.exited).toEqual({ code: 0, signal: null });
}, 240_000);

test('a data directory that cannot be created -> one clear line on stderr and a non-zero exit, quickly', async () => {
  const file = join(dir, 'a-regular-file');
  writeFileSync(file, 'not a directory');
  const main = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: join(file, 'db') });
  running.push(main);
  const started = Date.now();
  const { code } = await main.exited;
  expect(code).not.toBe(0);
  expect(Date.now() - started).toBeLessThan(20_000);
  const lines = main.stderr().split('\n').filter((line) => line.trim() !== '');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^sandbox: cannot create the data directory .*a-regular-file.*ENOTDIR/);
}, 30_000);

test('a bad setting is refused before anything starts', async () => {
  const main = spawnMain({ SANDBOX_ARRAY_ERRORS: 'nested', SANDBOX_DB: ':memory:' });
  running.push(main);
  expect((await main.exited).code).toBe(1);
  expect(main.stderr().trim()).toBe('sandbox: SANDBOX_ARRAY_ERRORS must be "list" or "index", got "nested"');
}, 30_000);
