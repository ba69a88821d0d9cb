import type { Page } from '@playwright/test';
import { expect, orderStatus, test } from './support/fault-test.ts';

// A read slower than the console waits (15 s). The order page says the refresh timed out,
// keeps the order on screen, and its next poll brings it back by itself.
//
// The page's clock is driven (page.clock): its 15 s wait and its polls pass in moments, while the
// sandbox really holds the read for 20 s, so the read the page gives up on is still unanswered then.

/** Runs the page's clock on a second at a time until `check` passes (at most a minute of page time). */
async function runClockUntil(page: Page, check: () => Promise<void>): Promise<void> {
  for (let ran = 0; ; ran += 1_000) {
    try {
      await check();
      return;
    } catch (error) {
      if (ran >= 60_000) throw error;
    }
    await page.clock.runFor(1_000);
  }
}

const SOON = { timeout: 250 };

test('a read slower than the timeout: a timeout message, and polling recovers by itself', async ({ page, api, faults }) => {
  await page.clock.install();
  const order = await api.createOrder();
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  await faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'delay', ms: 20_000 } });
  // Meanwhile the order moves on: the page can only learn it from a read that gets through.
  await api.setStatus(order.id, 'data_completed');

  const failed = page.getByRole('alert').filter({ hasText: 'The latest refresh failed' });
  await runClockUntil(page, () => expect(failed).toContainText('The service did not answer within 15 s', SOON));
  await expect(failed).toContainText('it keeps asking and updates by itself');
  await expect(orderStatus(page)).toHaveText('new');

  await runClockUntil(page, () => expect(orderStatus(page)).toHaveText('data_completed', SOON));
  await expect(failed).toBeHidden();
  expect(await faults.list()).toEqual([]);
});

test('an order opened fresh under the "next read takes 20 s" preset keeps trying and shows the order by itself', async ({ page, api, faults }) => {
  // The first read is the slow one, so there is no order on screen to fall back on.
  await page.clock.install();
  const order = await api.createOrder();
  await faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'delay', ms: 20_000 }, times: 1 });
  await page.goto(`/orders/${order.id}`);

  const notYet = page.getByRole('alert').filter({ hasText: 'The order could not be loaded yet' });
  await runClockUntil(page, () => expect(notYet).toContainText('The service did not answer within 15 s', SOON));
  await expect(notYet).toContainText('The page keeps asking and shows the order as soon as the service answers.');

  await runClockUntil(page, () => expect(orderStatus(page)).toHaveText('new', SOON));
  await expect(notYet).toBeHidden();
  expect(await faults.list()).toEqual([]);
});
