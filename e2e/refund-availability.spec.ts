import { REFUND_STATUS_RULE } from '../src/contract/rules.ts';
import { ORDER_STATUSES } from '../src/contract/schemas.ts';
import { expect, orderStatus, test } from './fixtures.ts';

// Refunds are possible only for activated orders: in each of the eight other statuses (reached
// through the sandbox control API) the Refund button is disabled and says why.

for (const status of ORDER_STATUSES.filter((s) => s !== 'activated')) {
  test(`refund is disabled, with the reason, when the order is ${status}`, async ({ page, api }) => {
    const order = await api.createOrder();
    if (status !== 'new') expect((await api.setStatus(order.id, status)).status).toBe(status);

    await page.goto(`/orders/${order.id}`);
    await expect(orderStatus(page)).toHaveText(status);
    const refund = page.getByRole('button', { name: 'Refund' });
    const reason = `${REFUND_STATUS_RULE} (this order is ${status})`;
    await expect(refund).toBeDisabled();
    await expect(refund).toHaveAccessibleDescription(reason);
    await expect(page.getByText(reason, { exact: true })).toBeVisible();
  });
}

test('refund is enabled for an activated order', async ({ page, api }) => {
  const order = await api.createOrder();
  await api.setStatus(order.id, 'activated');
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('activated');
  await expect(page.getByRole('button', { name: 'Refund' })).toBeEnabled();
  await expect(page.getByText(REFUND_STATUS_RULE)).toHaveCount(0);
});
