import { createOrderThroughForm, field, orderAmount, orderStatus, sampleOrder } from '../src/testing/kit.ts';
import { expect, test } from './kit-fixtures.ts';

// Written with the QA kit (order-console/testing), as a QA project would.

test('an order created through the form with sample data opens with status new and equal amounts', async ({ page, sandbox }) => {
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  const externalId = await field(page, 'order_external_id').inputValue();
  const amount = await field(page, 'order_data.amount').inputValue();
  expect(externalId).not.toBe('');
  expect(amount).toMatch(/^[0-9]+\.[0-9]{2}$/);

  await page.getByRole('button', { name: 'Create order' }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: `Order ${externalId}` })).toBeVisible();
  await expect(orderStatus(page)).toHaveText('new');
  await expect(orderAmount(page, 'initial_amount')).toHaveText(amount);
  await expect(orderAmount(page, 'current_amount')).toHaveText(amount);
  await expect(orderAmount(page, 'refund_amount')).toHaveText('0.00');

  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const order = await sandbox.getOrder(id);
  expect(order).toMatchObject({ external_id: externalId, status: 'new', initial_amount: amount, current_amount: amount, refund_amount: '0.00' });
});

test('the kit fills the create form from a request body: the service receives that body', async ({ page, sandbox }) => {
  const body = sampleOrder({
    order_external_id: sandbox.uniqueId(),
    payment_identifier: sandbox.uniqueId('PAY'),
    order_data: { amount: '75.50' },
    customer_data: { phone_number: '+420777123456', city: 'Brno' },
    items: [
      { name: 'Tea', product_id: 'SKU-TEA', quantity: 3, amount: '15.50', vat: '12', type: 'goods' },
      { name: 'Discount', quantity: 1, amount: '-10.00', type: 'discount' },
      { name: 'Delivery', quantity: 1, amount: '39.00', vat: '21', type: 'shipment' },
    ],
  });

  const id = await createOrderThroughForm(page, body);

  await expect(orderStatus(page)).toHaveText('new');
  await expect(orderAmount(page, 'initial_amount')).toHaveText('75.50');
  const received: unknown = (await sandbox.call('GET', `/sandbox/orders/${id}/request`)).body;
  expect(received).toMatchObject({ ...body, customer_data: body.customer_data });
  const [created] = await sandbox.events(id);
  expect(created).toMatchObject({ type: 'created', external_id: body.order_external_id, initial_amount: '75.50' });
});
