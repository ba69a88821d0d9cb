import { createOrderThroughForm, expect, orderStatus, sampleOrder, test } from 'order-console/testing';

test('an order typed into the create form is created as typed', async ({ page, sandbox }) => {
  const body = sampleOrder({ order_external_id: sandbox.uniqueId(), order_data: { amount: '120.00' } });

  const id = await createOrderThroughForm(page, body);

  await expect(orderStatus(page)).toHaveText('new');
  expect(await sandbox.getOrder(id)).toMatchObject({ external_id: body.order_external_id, initial_amount: '120.00', status: 'new' });
});
