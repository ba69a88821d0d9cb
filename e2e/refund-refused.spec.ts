import { expect, field, orderAmount, orderStatus, test } from './fixtures.ts';
import { refundDialog } from './support/refund-dialog.ts';

// A refund the service refuses after the confirmation step must say so, where it belongs,
// and the order must be read again at once. The concurrent refund comes from elsewhere: the API.

test('a full refund refused because 30.00 was refunded elsewhere meanwhile: the error is on the amount, the amounts are current', async ({ page, api }) => {
  const order = await api.createOrder({ order_data: { amount: '100.00' } });
  await api.setStatus(order.id, 'activated');
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('activated');

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = refundDialog(page);
  await expect(dialog.locator('[name="refund_kind"][value="full"]')).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Full (100.00)' })).toBeChecked();
  await field(dialog, 'destination_account_number').fill('CZ6508000000192000145399');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await expect(dialog.getByText(/^Refund 100\.00 of order/)).toBeVisible();

  await api.refund(order.id, { amount: '30.00' });
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const amount = field(dialog, 'amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/Must not exceed the order's current amount \(70\.00\)/);
  await expect(amount).toBeFocused();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The service refused the refund (HTTP 400)');
  await expect(alert).toContainText('30.00 has been refunded since you opened this refund (30.00 in total); 70.00 can still be refunded.');
  await expect(dialog.getByText('Full (70.00)', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Full (70.00)' })).not.toBeChecked();
  await expect(orderAmount(page, 'refund_amount')).toHaveText('30.00');
  await expect(orderAmount(page, 'current_amount')).toHaveText('70.00');
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '30.00', current_amount: '70.00' });

  // Full again is the new full amount; reviewed and confirmed, it refunds the rest.
  await dialog.getByText('Full (70.00)', { exact: true }).click();
  await expect(amount).toHaveValue('70.00');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(orderStatus(page)).toHaveText('refunded');
  await expect(page.getByRole('status').filter({ hasText: 'Refund of 70.00 done · 0.00 remains' })).toBeVisible();
  expect(await api.getOrder(order.id)).toMatchObject({ status: 'refunded', refund_amount: '100.00', current_amount: '0.00' });
});

test('a refund refused with 409 because the order moved on: the dialog says so and the page shows the new status', async ({ page, api }) => {
  const order = await api.createOrder({ order_data: { amount: '40.00' } });
  await api.setStatus(order.id, 'activated');
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('activated');

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = refundDialog(page);
  await field(dialog, 'destination_account_number').fill('CZ6508000000192000145399');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await api.refund(order.id, { amount: '40.00' });
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The service refused the refund (HTTP 409)');
  await expect(alert).toContainText('it is now refunded, so it cannot be refunded.');
  await expect(orderStatus(page)).toHaveText('refunded');
  await expect(orderAmount(page, 'current_amount')).toHaveText('0.00');
  // Nothing left to refund, so nothing offers to: no "Full (0.00)", no Review, the status said once.
  await expect(alert).toContainText('cannot be refunded');
  expect((await alert.innerText()).match(/HTTP 409/g)).toHaveLength(1);
  await expect(dialog.getByText(/^Full \(/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Review refund' })).toHaveCount(0);
  await expect(field(dialog, 'amount')).toHaveCount(0);
  await dialog.locator('button', { hasText: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();
});
