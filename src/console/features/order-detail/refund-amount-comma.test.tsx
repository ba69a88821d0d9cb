import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { prepareOrderPageTests, seedOrder } from './test-support.ts';

// D11 in the refund dialog (its amount is the shared TextField with `decimal`): a decimal comma is
// accepted and shown as a dot once the person leaves the field or presses Enter.

prepareOrderPageTests();

async function partialAmount(orderId: string) {
  const app = renderApp(`/orders/${orderId}`);
  await app.user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
  await app.user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
  const amount = dialog.querySelector('input[name="amount"]');
  if (!(amount instanceof HTMLInputElement)) throw new Error('no amount input');
  await app.user.clear(amount);
  return { ...app, dialog, amount };
}

test('"12,5" becomes "12.5" on leaving the amount, and is valid', async () => {
  const order = await seedOrder('100.00', 'activated');
  const { user, amount } = await partialAmount(order.id);
  await user.type(amount, '12,5');
  await user.tab();
  expect(amount).toHaveValue('12.5');
  expect(amount).not.toHaveAttribute('aria-invalid', 'true');
});

test('Enter in the amount reviews the refund with the dot the field now shows', async () => {
  const order = await seedOrder('100.00', 'activated');
  const { user, dialog, amount } = await partialAmount(order.id);
  const account = dialog.querySelector('input[name="destination_account_number"]');
  const externalId = dialog.querySelector('input[name="external_id"]');
  if (!(account instanceof HTMLInputElement) || !(externalId instanceof HTMLInputElement)) throw new Error('no inputs');
  await user.type(account, 'CZ6508000000192000145399');
  await user.type(externalId, 'REFUND-COMMA');
  await user.type(amount, '7,25{Enter}');
  expect(await within(dialog).findByRole('button', { name: 'Confirm refund' })).toBeInTheDocument();
  expect(dialog).toHaveTextContent('7.25');
});
