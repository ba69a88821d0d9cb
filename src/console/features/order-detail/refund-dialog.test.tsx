import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { AMOUNT_MESSAGE } from '../../../contract/fields.ts';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { renderApp } from '../../test/render.tsx';
import { prepareOrderPageTests, seedOrder } from './test-support.ts';

prepareOrderPageTests();

/** Opens the order page and its refund dialog; returns the dialog element. */
async function openDialog(orderId: string) {
  const rendered = renderApp(`/orders/${orderId}`);
  await rendered.user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
  return { ...rendered, dialog };
}

function field(dialog: HTMLElement, name: string): HTMLInputElement {
  const input = dialog.querySelector(`input[name="${name}"]`);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input named ${name}`);
  return input;
}

async function replace(user: UserEvent, input: HTMLInputElement, value: string) {
  await user.clear(input);
  if (value !== '') {
    await user.click(input);
    await user.paste(value);
  }
}

async function fill(user: UserEvent, dialog: HTMLElement, values: { amount?: string; account?: string; externalId?: string; paymentIdentifier?: string }) {
  if (values.amount !== undefined) {
    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    await replace(user, field(dialog, 'amount'), values.amount);
  }
  await replace(user, field(dialog, 'destination_account_number'), values.account ?? 'CZ6508000000192000145399');
  await replace(user, field(dialog, 'external_id'), values.externalId ?? 'REFUND-1');
  if (values.paymentIdentifier !== undefined) await replace(user, field(dialog, 'payment_identifier'), values.paymentIdentifier);
}

describe('refund dialog: the form', () => {
  test('opens with a full refund of the current amount, named fields and a fresh payment identifier and external ID', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);

    expect(field(dialog, 'amount')).toHaveValue('120.00');
    expect(field(dialog, 'amount')).toHaveAttribute('readonly');
    expect(field(dialog, 'destination_account_number')).toHaveValue('');
    const first = field(dialog, 'payment_identifier').value;
    expect(first).toMatch(/^RF-[A-Z0-9]{20}$/);
    const firstExternal = field(dialog, 'external_id').value;
    expect(firstExternal).toMatch(/^REFUND-\d{8}-[A-Z0-9]{8}$/);

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate payment identifier' }));
    const second = field(dialog, 'payment_identifier').value;
    expect(second).toMatch(/^RF-[A-Z0-9]{20}$/);
    expect(second).not.toBe(first);
    expect(field(dialog, 'external_id')).toHaveValue(firstExternal);

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate external ID' }));
    const secondExternal = field(dialog, 'external_id').value;
    expect(secondExternal).toMatch(/^REFUND-\d{8}-[A-Z0-9]{8}$/);
    expect(secondExternal).not.toBe(firstExternal);
    expect(field(dialog, 'payment_identifier')).toHaveValue(second);
  });

  test('the Full/Partial choice is the radio group refund_kind; choosing Partial clears the amount and puts the cursor in it', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);
    const kinds = [...dialog.querySelectorAll('input[name="refund_kind"]')].map((radio) => (radio instanceof HTMLInputElement ? radio.value : ''));
    expect(kinds).toEqual(['full', 'partial']);
    expect(within(dialog).getByRole('radio', { name: 'Full (120.00)' })).toHaveAttribute('name', 'refund_kind');

    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    expect(field(dialog, 'amount')).not.toHaveAttribute('readonly');
    expect(field(dialog, 'amount')).toHaveValue('');
    await waitFor(() => expect(field(dialog, 'amount')).toHaveFocus());
    await user.keyboard('15');
    expect(field(dialog, 'amount')).toHaveValue('15');

    await user.click(within(dialog).getByRole('radio', { name: 'Full (120.00)' }));
    expect(field(dialog, 'amount')).toHaveValue('120.00');
    expect(field(dialog, 'amount')).toHaveAttribute('readonly');
  });

  test.each([
    ['0', 'Must be greater than 0'],
    ['-5', 'Must be greater than 0'],
    ['120.01', "Must not exceed the order's current amount (120.00)"],
    ['1.234', AMOUNT_MESSAGE],
    ['123456789', AMOUNT_MESSAGE],
    ['12a', AMOUNT_MESSAGE],
    ['', 'This field may not be blank.'],
  ])('the amount %j is refused on the amount field: %s', async (amount, message) => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);
    await fill(user, dialog, { amount });
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(field(dialog, 'amount')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'amount')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(within(dialog).queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
  });

  test.each([
    ['destination_account_number', 34],
    ['payment_identifier', 140],
    ['external_id', 255],
  ])('%s takes at most %i characters', async (name, max) => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);
    await fill(user, dialog, {});
    await replace(user, field(dialog, name), 'X'.repeat(max + 1));
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    expect(await within(dialog).findByText(`At most ${max} characters`)).toBeInTheDocument();
    expect(field(dialog, name)).toHaveAttribute('aria-invalid', 'true');

    await replace(user, field(dialog, name), 'X'.repeat(max));
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByRole('button', { name: 'Confirm refund' })).toBeEnabled();
  });
});

describe('refund dialog: the confirmation step', () => {
  test('states exactly what will happen, and Back keeps what was typed', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);
    await fill(user, dialog, { amount: '10.5', account: 'ACC-42' });
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    expect(
      await within(dialog).findByText(`Refund 10.50 of order ${order.external_id} (${order.id}) to account ACC-42. 109.50 will remain.`),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/to confirm/)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(field(dialog, 'amount')).toHaveValue('10.5');
    expect(field(dialog, 'destination_account_number')).toHaveValue('ACC-42');
  });

  test('in a production environment the amount must be typed before Confirm refund is enabled', async () => {
    environmentStore.save({ id: 'prod', name: 'Production', baseUrl: '', production: true, sandbox: false, rememberToken: false });
    setToken('prod', 'dev-token');
    environmentStore.activate('prod');
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog } = await openDialog(order.id);
    await fill(user, dialog, { amount: '20' });
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    const confirm = await within(dialog).findByRole('button', { name: 'Confirm refund' });
    expect(confirm).toBeDisabled();
    const typed = within(dialog).getByLabelText('Type 20.00 to confirm');
    await user.type(typed, '20');
    expect(confirm).toBeDisabled();
    await user.type(typed, '.00');
    expect(confirm).toBeEnabled();
    await user.click(confirm);

    expect(await screen.findByText('Refunded 20.00 · 100.00 remains')).toBeInTheDocument();
  });
});
