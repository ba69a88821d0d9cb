import { openOrder, orderStatus, SHOP_RETURN_URL } from '../src/testing/kit.ts';
import { expect, test } from './kit-fixtures.ts';

// The customer's side (D7): the order page's checkout link opens the sandbox checkout page in a new
// tab; what the customer does there shows on the order page by itself, and the customer's browser
// is sent back to the shop's return_url with the result in the query string. Written with the QA kit.

const PATHS = [
  { action: 'Approve', status: 'activated' },
  { action: 'Reject', status: 'rejected' },
  { action: 'Cancel', status: 'canceled' },
] as const;

for (const { action, status } of PATHS) {
  test(`checkout: ${action} makes the order ${status} and returns to return_url`, async ({ page, sandbox, hasControlApi }) => {
    test.skip(!hasControlApi, 'the checkout page is part of the sandbox, which this environment does not run');
    const returnUrl = `${SHOP_RETURN_URL}?cart=42`;
    const order = await sandbox.createOrder({ return_url: returnUrl });

    await openOrder(page, order.id);
    await expect(orderStatus(page)).toHaveText('new');
    let loads = 0;
    page.on('load', () => (loads += 1));

    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: 'Open checkout' }).click();
    const checkout = await popup;
    await expect(checkout.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    await expect(checkout.getByTestId('order-status')).toHaveText('new');
    await checkout.getByRole('button', { name: action }).click();

    await expect(checkout).toHaveURL(`${returnUrl}&order_id=${order.id}&status=${status}`);
    await expect(checkout.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    // The order page follows by itself: no reload, no click on Refresh.
    await expect(orderStatus(page)).toHaveText(status);
    expect(loads).toBe(0);
    expect((await sandbox.getOrder(order.id)).status).toBe(status);
    // D12: the sandbox recorded who moved it.
    const moves = (await sandbox.events(order.id)).filter((event) => event.type === 'status_changed');
    expect(moves.at(-1)).toMatchObject({ to: status, source: 'checkout' });
  });
}

test('390 px: Open checkout stays inside the Details card; for an order past its checkout the page offers no action', async ({ page, sandbox, hasControlApi }) => {
  test.skip(!hasControlApi, 'the checkout page is part of the sandbox, which this environment does not run');
  await page.setViewportSize({ width: 390, height: 844 });
  const order = await sandbox.createOrder({ status: 'activated' });
  await openOrder(page, order.id);
  await expect(orderStatus(page)).toHaveText('activated');

  const link = page.getByRole('link', { name: 'Open checkout' });
  const card = page.locator('.mantine-Paper-root').filter({ has: page.getByRole('heading', { name: 'Details', exact: true }) });
  const [linkBox, cardBox] = [await link.boundingBox(), await card.boundingBox()];
  expect(linkBox).not.toBeNull();
  expect(cardBox).not.toBeNull();
  expect(linkBox!.x + linkBox!.width, 'the right edge of Open checkout').toBeLessThanOrEqual(cardBox!.x + cardBox!.width - 8);

  const popup = page.waitForEvent('popup');
  await link.click();
  const checkout = await popup;
  await expect(checkout.getByRole('heading', { name: 'This checkout is over' })).toBeVisible();
  await expect(checkout.getByTestId('order-status')).toHaveText('activated');
  await expect(checkout.getByRole('button')).toHaveCount(0);
});
