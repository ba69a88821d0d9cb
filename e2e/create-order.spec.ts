import { expect, field, orderAmount, orderStatus, test } from './fixtures.ts';

test('an order created through the form with sample data opens with status new and equal amounts', async ({ page, api }) => {
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
  const order = await api.getOrder(id);
  expect(order).toMatchObject({ external_id: externalId, status: 'new', initial_amount: amount, current_amount: amount, refund_amount: '0.00' });
});
