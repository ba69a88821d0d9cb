import type { Locator, Page } from '@playwright/test';
import { orderServicePaths } from '../src/contract/paths.ts';
import { expect, orderAmount, orderStatus, sampleRefund, test, uniqueId } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { refundThroughDialog } from './support/refund-dialog.ts';

// The order page tells the story of an order. A customer approves at checkout, an agent
// refunds part, a shop's over-refund is refused, the agent refunds the rest: the timeline and the
// refunds table show every step, in order, from the sandbox's record (D12).

/** axe-core on the History panel as it stands: no serious or critical violation. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  const blocking = await seriousViolations(page, { include: 'section[aria-labelledby="order-history-title"]' });
  expect.soft(blocking, `serious or critical axe violations on ${what}`).toEqual([]);
}

function history(page: Page): Locator {
  return page.getByRole('region', { name: 'History' });
}

/** The timeline's steps as their kinds, in the order shown. */
async function steps(panel: Locator, order: 'newest' | 'oldest'): Promise<string[]> {
  const items = panel.getByRole('list', { name: `Timeline, ${order} first` }).getByRole('listitem');
  const kinds: string[] = [];
  for (const item of await items.all()) kinds.push((await item.getAttribute('data-kind')) ?? '');
  return kinds;
}

test('create, approve at checkout, partial refund, refused over-refund, rest refunded: the timeline and refunds table show every step', async ({ page, api, sandbox }) => {
  test.skip(!sandbox, 'the history is recorded by the sandbox, which this environment does not run');
  // A checkout, two refunds through the dialog and three axe runs: 24 s on a quiet machine, and over the
  // 45 s budget on a slower CI machine (it ran out at the last read there, twice).
  test.slow();
  const order = await api.createOrder({ order_data: { amount: '120.00' } });
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');
  const panel = history(page);
  await expect(panel.getByText('Recorded by the sandbox')).toBeVisible();
  await expect(panel.getByText('Order created')).toBeVisible();

  // The customer approves on the checkout page; the order page follows by itself, and so does its history.
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Open checkout' }).click();
  const checkout = await popup;
  await checkout.getByRole('button', { name: 'Approve' }).click();
  await checkout.close();
  await expect(orderStatus(page)).toHaveText('activated');
  await expect(panel.getByText('Moved by the customer at checkout')).toBeVisible();

  const firstRefund = uniqueId('REFUND');
  await refundThroughDialog(page, { amount: '20.00', externalId: firstRefund });
  await expect(orderAmount(page, 'current_amount')).toHaveText('100.00');
  await expect(panel.getByText('Refunded 20.00', { exact: true })).toBeVisible();

  // A shop asks for more than is left: the service refuses; Refresh reads the order and its history.
  const refused = await api.post(orderServicePaths.orderRefund(order.id), sampleRefund({ amount: '500.00' }));
  expect(refused.status).toBe(400);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel.getByText('Refund refused (HTTP 400, invalid_amount)')).toBeVisible();
  await expect(panel.getByText("amount: Must not exceed the order's current amount (100.00)")).toBeVisible();

  const lastRefund = uniqueId('REFUND');
  await refundThroughDialog(page, { externalId: lastRefund });
  await expect(orderStatus(page)).toHaveText('refunded');
  await expect(panel.getByText('Moved by a refund', { exact: true })).toBeVisible();

  // Newest first by default; the agent turns it around.
  expect(await steps(panel, 'newest')).toEqual(['status', 'refunded', 'refused', 'refunded', 'status', 'created']);
  await panel.getByText('Oldest first', { exact: true }).click();
  expect(await steps(panel, 'oldest')).toEqual(['created', 'status', 'refunded', 'refused', 'refunded', 'status']);
  await expectAccessible(page, 'the timeline');
  const oldestFirst = panel.getByRole('list', { name: 'Timeline, oldest first' }).getByRole('listitem');
  await expect(oldestFirst.nth(1)).toContainText('new');
  await expect(oldestFirst.nth(1)).toContainText('activated');
  await expect(oldestFirst.nth(2)).toContainText('Refunded 20.00');
  await expect(oldestFirst.nth(4)).toContainText('Refunded 100.00');
  await expect(oldestFirst.nth(5)).toContainText('refunded');

  await panel.getByRole('tab', { name: 'Refunds (2)' }).click();
  const rows = panel.getByRole('table', { name: 'Refunds, oldest first' }).getByTestId('refund-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(firstRefund);
  await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('20.00');
  await expect(rows.nth(0).getByRole('cell').nth(6)).toHaveText('100.00');
  await expect(rows.nth(1)).toContainText(lastRefund);
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('100.00');
  await expect(rows.nth(1).getByRole('cell').nth(5)).toHaveText('120.00');
  await expect(panel.getByTestId('refunds-sum')).toHaveText('120.00');
  await expect(panel.getByTestId('refunds-check')).toHaveText(/The refunds add up to the order's refunded amount \(120\.00\)/);
  await expectAccessible(page, 'the refunds table');
  await panel.getByRole('tab', { name: 'What was sent' }).click();
  await expect(panel.getByTestId('items-total')).toHaveText('120.00');
  await expectAccessible(page, 'what was sent');
  expect(await api.getOrder(order.id)).toMatchObject({ status: 'refunded', refund_amount: '120.00', current_amount: '0.00' });
});

test('on a phone the history reads without sideways scrolling: refunds and sent items as cards', async ({ page, api, sandbox }) => {
  test.skip(!sandbox, 'the history is recorded by the sandbox, which this environment does not run');
  await page.setViewportSize({ width: 390, height: 844 });
  const order = await api.createOrder({ order_data: { amount: '120.00' } });
  await api.setStatus(order.id, 'activated');
  await api.refund(order.id, { amount: '20.00' });
  await page.goto(`/orders/${order.id}`);
  const panel = history(page);
  await expect(panel.getByText('Refunded 20.00', { exact: true })).toBeVisible();
  await expect(panel.getByText('Moved through the sandbox control API (Simulate)')).toBeVisible();

  await panel.getByRole('tab', { name: 'Refunds (1)' }).click();
  await expect(panel.getByRole('list', { name: 'Refunds, oldest first' })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Refunds, oldest first' })).toBeHidden();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
  await panel.getByRole('tab', { name: 'What was sent' }).click();
  const items = panel.getByRole('list', { name: 'Items as sent' });
  await expect(items).toBeVisible();
  await expect(items.getByRole('listitem').first()).toContainText('90.00');
  await expect(panel.getByRole('table', { name: 'Items as sent' })).toBeHidden();
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
});
