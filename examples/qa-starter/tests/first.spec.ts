import { expect, openOrder, orderStatus, test } from 'order-console/testing';

test('an activated order can be refunded in full from its page', async ({ page, sandbox }) => {
  const order = await sandbox.createOrder({ status: 'activated' });
  await openOrder(page, order.id);
  await page.getByRole('button', { name: 'Refund' }).click();
  await page.locator('[name="destination_account_number"]').fill('CZ6508000000192000145399');
  await page.locator('[name="external_id"]').fill(sandbox.uniqueId('REFUND'));
  await page.getByRole('button', { name: 'Review refund' }).click();
  await page.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(orderStatus(page)).toHaveText('refunded');
});
