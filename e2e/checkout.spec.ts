import { expect, orderStatus, SHOP_RETURN_URL, test } from './fixtures.ts';

// The customer's side (D7): the order page's checkout link opens the sandbox checkout page in a new
// tab; what the customer does there shows on the order page by itself, and the customer's browser
// is sent back to the shop's return_url with the result in the query string.

const PATHS = [
  { action: 'Approve', status: 'activated' },
  { action: 'Reject', status: 'rejected' },
  { action: 'Cancel', status: 'canceled' },
] as const;

for (const { action, status } of PATHS) {
  test(`checkout: ${action} makes the order ${status} and returns to return_url`, async ({ page, api, sandbox }) => {
    test.skip(!sandbox, 'the checkout page is part of the sandbox, which this environment does not run');
    const returnUrl = `${SHOP_RETURN_URL}?cart=42`;
    const order = await api.createOrder({ return_url: returnUrl });

    await page.goto(`/orders/${order.id}`);
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
    expect((await api.getOrder(order.id)).status).toBe(status);
  });
}
