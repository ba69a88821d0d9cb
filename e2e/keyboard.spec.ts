import { expect, field, hasFocus, orderAmount, orderStatus, tabTo, test, uniqueId } from './fixtures.ts';

// Create -> activate (sandbox Simulate menu) -> full refund, with the keyboard alone: Tab to reach
// each control, Enter / Space / arrows to use it. No mouse click anywhere in this test.

test('an order can be created and refunded with the keyboard alone', async ({ page, api, sandbox }) => {
  test.skip(!sandbox, 'activating an order from the order page uses the sandbox Simulate menu');
  await page.goto('/orders/new');
  await expect(page.getByRole('form', { name: 'New order' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Fill with sample data' }));
  await page.keyboard.press('Enter');
  const externalId = await field(page, 'order_external_id').inputValue();
  const amount = await field(page, 'order_data.amount').inputValue();
  await tabTo(page, page.getByRole('button', { name: 'Create order' }));
  await page.keyboard.press('Enter');
  await expect(orderStatus(page)).toHaveText('new');

  await tabTo(page, page.getByRole('button', { name: 'Simulate' }));
  await page.keyboard.press('Enter');
  const activated = page.getByRole('menuitem', { name: /^activated\b/i });
  await expect(activated).toBeVisible();
  for (let presses = 0; presses < 12 && !(await hasFocus(activated)); presses += 1) await page.keyboard.press('ArrowDown');
  await expect(activated).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(orderStatus(page)).toHaveText('activated');

  const refund = page.getByRole('button', { name: 'Refund' });
  await tabTo(page, refund);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Refund order ${externalId}` });
  await expect(dialog).toBeVisible();
  // Closed without refunding, the dialog gives the keyboard back to the Refund button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(refund).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, field(dialog, 'destination_account_number'), 20);
  await page.keyboard.type('CZ6508000000192000145399');
  await tabTo(page, field(dialog, 'external_id'), 20);
  await page.keyboard.type(uniqueId('REFUND'));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Confirm refund' }), 20);
  await page.keyboard.press('Enter');

  await expect(dialog).toBeHidden();
  await expect(orderStatus(page)).toHaveText('refunded');
  await expect(orderAmount(page, 'refund_amount')).toHaveText(amount);
  const [order] = await api.listOrders({ q: externalId });
  expect(order).toMatchObject({ status: 'refunded', refund_amount: amount, current_amount: '0.00' });
});
