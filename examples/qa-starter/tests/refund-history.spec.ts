import { expect, openOrder, orderAmount, readStatus, refundThroughDialog, test } from 'order-console/testing';

// The order's history (D12) says what the console did, and a fault armed in the sandbox (D13) shows
// up in the console as the customer of the API would see it.

test('a partial refund through the dialog is recorded in the order history', async ({ page, sandbox }) => {
  const order = await sandbox.createOrder({ order_data: { amount: '80.00' }, status: 'activated' });
  await openOrder(page, order.id);

  await refundThroughDialog(page, { amount: '30.00', externalId: sandbox.uniqueId('REFUND') });

  await expect(orderAmount(page, 'current_amount')).toHaveText('50.00');
  expect(await readStatus(page)).toBe('activated');
  const events = await sandbox.events(order.id);
  expect(events.map((event) => event.type)).toEqual(['created', 'status_changed', 'status_changed', 'status_changed', 'status_changed', 'refunded']);
  expect(events.at(-1)).toMatchObject({ type: 'refunded', amount: '30.00', current_amount: '50.00' });
});

test('a refund answered 503 by an armed fault changes nothing, and the retry goes through', async ({ page, sandbox }) => {
  const order = await sandbox.createOrder({ order_data: { amount: '40.00' }, status: 'activated' });
  const fault = await sandbox.faults.arm({ operation: 'refund', order_id: order.id, effect: { kind: 'status', status: 503 }, times: 1 });

  const refused = await sandbox.call('POST', `/psp/v2/order/${order.id}/refund/`, {
    amount: '10.00',
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: sandbox.uniqueId('RF'),
    external_id: sandbox.uniqueId('REFUND'),
  });
  expect(refused.status).toBe(503);
  expect((await sandbox.faults.list()).map((rule) => rule.id)).not.toContain(fault.id); // spent
  expect(await sandbox.getOrder(order.id)).toMatchObject({ current_amount: '40.00', refund_amount: '0.00' });

  const refunded = await sandbox.refund(order.id, { amount: '10.00' });
  expect(refunded.current_amount).toBe('30.00');
  await openOrder(page, order.id);
  await expect(orderAmount(page, 'refund_amount')).toHaveText('10.00');
  expect((await sandbox.events(order.id)).map((event) => event.type)).toContain('fault_applied');
});
