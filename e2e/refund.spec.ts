import { field, fillRefund, openOrder, orderAmount, orderStatus, refundDialog, refundThroughDialog, uniqueId } from '../src/testing/kit.ts';
import { expect, test } from './kit-fixtures.ts';
import { recordApiRequests } from './support/ui.ts';

// Written with the QA kit (order-console/testing), as a QA project would.

test('a partial refund then a full refund leave the order refunded with exact amounts', async ({ page, sandbox }) => {
  const order = await sandbox.createOrder({ order_data: { amount: '120.00' }, status: 'activated' });
  await openOrder(page, order.id);
  await expect(orderStatus(page)).toHaveText('activated');

  const dialog = await fillRefund(page, { amount: '20.1', externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await expect(dialog.getByText(`Refund 20.10 of order ${order.external_id} (${order.id}) to account CZ6508000000192000145399. 99.90 will remain.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();

  await expect(orderAmount(page, 'refund_amount')).toHaveText('20.10');
  await expect(orderAmount(page, 'current_amount')).toHaveText('99.90');
  await expect(orderAmount(page, 'initial_amount')).toHaveText('120.00');
  await expect(orderStatus(page)).toHaveText('activated');

  // Full: the dialog offers exactly what is left.
  await page.getByRole('button', { name: 'Refund' }).click();
  await expect(refundDialog(page).getByRole('radio', { name: 'Full (99.90)' })).toBeChecked();
  await expect(field(refundDialog(page), 'amount')).toHaveValue('99.90');
  await refundDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await refundThroughDialog(page, { externalId: uniqueId('REFUND') });

  await expect(orderStatus(page)).toHaveText('refunded');
  await expect(orderAmount(page, 'refund_amount')).toHaveText('120.00');
  await expect(orderAmount(page, 'current_amount')).toHaveText('0.00');
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();
  expect(await sandbox.getOrder(order.id)).toMatchObject({ status: 'refunded', initial_amount: '120.00', refund_amount: '120.00', current_amount: '0.00' });
  // D12: both refunds recorded through the partner interface, with the amounts after each.
  const refunds = (await sandbox.events(order.id)).filter((event) => event.type === 'refunded');
  expect(refunds).toMatchObject([
    { amount: '20.10', current_amount: '99.90', refund_amount: '20.10', source: 'refund' },
    { amount: '99.90', current_amount: '0.00', refund_amount: '120.00', source: 'refund' },
  ]);
});

test('an over-refund is refused on the amount field and leaves the order unchanged', async ({ page, sandbox, baseURL }) => {
  const order = await sandbox.createOrder({ order_data: { amount: '50.00' }, status: 'activated' });
  await openOrder(page, order.id);
  await expect(orderStatus(page)).toHaveText('activated');
  const requests = recordApiRequests(page, baseURL ?? '');

  // Just over what the page shows: the dialog refuses it itself and sends nothing.
  const dialog = await fillRefund(page, { amount: '50.01', externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await expect(field(dialog, 'amount')).toHaveAccessibleDescription(/Must not exceed the order's current amount \(50\.00\)/);
  expect((await requests()).filter((r) => r.method === 'POST')).toEqual([]);

  // Within what the page shows, but someone else refunded in the meantime: the service refuses it.
  await field(dialog, 'amount').fill('50.00');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await sandbox.refund(order.id, { amount: '10.00' });
  const before = await sandbox.getOrder(order.id);
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const amount = field(dialog, 'amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/40\.00/);
  expect(await sandbox.getOrder(order.id)).toEqual(before);
});

test('a payment_identifier already used on the order is refused on its field and leaves the order unchanged', async ({ page, sandbox }) => {
  const order = await sandbox.createOrder({ order_data: { amount: '80.00' }, status: 'activated' });
  const used = uniqueId('RF');
  await sandbox.refund(order.id, { amount: '5.00', payment_identifier: used });
  const before = await sandbox.getOrder(order.id);

  await page.goto(`/orders/${order.id}`);
  await expect(orderAmount(page, 'current_amount')).toHaveText('75.00');
  const dialog = await fillRefund(page, { amount: '5.00', paymentIdentifier: used, externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const input = field(dialog, 'payment_identifier');
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(/A refund with this payment identifier already exists for this order/);
  await expect(input).toHaveValue(used);
  expect(await sandbox.getOrder(order.id)).toEqual(before);
  await expect(orderAmount(page, 'current_amount')).toHaveText('75.00');
});
