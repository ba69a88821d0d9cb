import { afterAll, beforeAll, expect, test } from 'vitest';
import { eventsPageQuery, orderEventsResponseSchema, readAllEventPages } from '../contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { validCreateBody, validRefundBody } from '../contract/test-support.ts';
import { createApp } from './app.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';

// The review's case at test size: 560 refusals of large bodies used to make a history
// of hundreds of MB that one request returned whole (a 500 from 560 on). Now each refusal keeps a
// bounded record and the history reads in pages. The 1 MiB-body variant with timings is the stress
// run's "history of refusals" (npm run stress -- --only "history of refusals").

const TOKEN = 'history-bound-token';
const REFUSALS = 560;
const BODY_BYTES = 16 * 1024;
let store: Store;
let app: ReturnType<typeof createApp>;

const send = async (method: string, path: string, body?: string) => {
  const response = await app.request(path, { method, headers: { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' }, ...(body !== undefined && { body }) });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  store = await openStore(':memory:');
  app = createApp({ store, tokens: [TOKEN], log: () => undefined });
}, 60_000);

afterAll(async () => {
  await store.close();
});

test(`${REFUSALS} refusals of ${BODY_BYTES / 1024} kB bodies: every one is in the history, read in pages of bounded size`, async () => {
  const order = orderSchema.parse(JSON.parse((await send('POST', orderServicePaths.orderCreate(), JSON.stringify(validCreateBody()))).text));
  await send('POST', sandboxPaths.orderStatus(order.id), JSON.stringify({ status: 'activated' }));
  const body = JSON.stringify({ ...validRefundBody(), amount: 'not an amount', padding: 'x'.repeat(BODY_BYTES) });
  for (let i = 0; i < REFUSALS; i += 1) expect((await send('POST', orderServicePaths.orderRefund(order.id), body)).status).toBe(400);

  const pageSizes: number[] = [];
  const events = await readAllEventPages(async (cursor) => {
    const page = await send('GET', `${sandboxPaths.orderEvents(order.id)}${eventsPageQuery(cursor)}`);
    expect(page.status).toBe(200);
    pageSizes.push(page.text.length);
    return orderEventsResponseSchema.parse(JSON.parse(page.text));
  });
  expect(events.filter((e) => e.type === 'refund_refused')).toHaveLength(REFUSALS);
  // Before: 560 x 16 kB = 9 MB in one answer. Now a refusal is well under 1 kB.
  expect(pageSizes.length).toBeGreaterThan(1);
  expect(Math.max(...pageSizes)).toBeLessThan(500 * 1024);
  expect(pageSizes.reduce((a, b) => a + b, 0)).toBeLessThan(REFUSALS * 1024);
}, 60_000);
