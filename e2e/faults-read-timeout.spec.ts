import { expect, orderStatus, test } from './support/fault-test.ts';

// Issue 13: a read slower than the console waits (15 s). The order page says the refresh timed out,
// keeps the order on screen, and its next poll brings it back by itself.

test('a read slower than the timeout: a timeout message, and polling recovers by itself', async ({ page, api, faults }) => {
  // The wait is real: 15 s of timeout plus a poll interval, in a sandbox that answers 20 s late.
  test.setTimeout(90_000);
  const order = await api.createOrder();
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  await faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'delay', ms: 20_000 } });
  // Meanwhile the order moves on: the page can only learn it from a read that gets through.
  await api.setStatus(order.id, 'data_completed');

  const failed = page.getByRole('alert').filter({ hasText: 'The latest refresh failed' });
  await expect(failed).toContainText('The service did not answer within 15 s', { timeout: 30_000 });
  await expect(failed).toContainText('it keeps asking and updates by itself');
  await expect(orderStatus(page)).toHaveText('new');

  await expect(orderStatus(page)).toHaveText('data_completed', { timeout: 15_000 });
  await expect(failed).toBeHidden();
  expect(await faults.list()).toEqual([]);
});

test('an order opened fresh under the "next read takes 20 s" preset keeps trying and shows the order by itself', async ({ page, api, faults }) => {
  // Issue 24 #8: the first read is the slow one, so there is no order on screen to fall back on.
  test.setTimeout(90_000);
  const order = await api.createOrder();
  await faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'delay', ms: 20_000 }, times: 1 });
  await page.goto(`/orders/${order.id}`);

  const notYet = page.getByRole('alert').filter({ hasText: 'The order could not be loaded yet' });
  await expect(notYet).toContainText('The service did not answer within 15 s', { timeout: 30_000 });
  await expect(notYet).toContainText('The page keeps asking and shows the order as soon as the service answers.');

  await expect(orderStatus(page)).toHaveText('new', { timeout: 15_000 });
  await expect(notYet).toBeHidden();
  expect(await faults.list()).toEqual([]);
});
