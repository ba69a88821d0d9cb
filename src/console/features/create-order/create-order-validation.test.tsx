import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AMOUNT_MESSAGE, BLANK_MESSAGE, VAT_MESSAGE } from '../../../contract/fields.ts';
import { countCreateRequests, nextFrame, openCreateOrder } from './test-support.ts';

// Validation as the user meets it: the message under the input they just left, and nothing sent
// while anything is wrong.

const URL_MESSAGE = 'Enter an absolute URL starting with http:// or https://';

describe('inline errors when leaving a field', { timeout: 30_000 }, () => {
  test.each([
    { name: 'order_external_id', text: ' ', what: 'only a space', message: BLANK_MESSAGE },
    { name: 'order_external_id', text: 'x'.repeat(37), what: '37 characters', message: 'At most 36 characters' },
    { name: 'payment_identifier', text: 'p'.repeat(141), what: '141 characters', message: 'At most 140 characters' },
    { name: 'return_url', text: 'javascript:alert(1)', what: 'a javascript: URL', message: URL_MESSAGE },
    { name: 'order_data.amount', text: '1.234', what: '3 decimals', message: AMOUNT_MESSAGE },
    { name: 'order_data.amount', text: '123456789', what: '9 digits', message: AMOUNT_MESSAGE },
    { name: 'order_data.amount', text: '0', what: 'zero', message: 'Must be greater than 0' },
    { name: 'items.0.name', text: 'n'.repeat(256), what: '256 characters', message: 'At most 255 characters' },
    { name: 'items.0.quantity', text: '0', what: 'zero', message: 'At least 1' },
    { name: 'items.0.quantity', text: '1.5', what: 'a fraction', message: 'Must be a whole number' },
    { name: 'items.0.vat', text: '100', what: '3 digits', message: VAT_MESSAGE },
    { name: 'transaction_history.0.mcc', text: '54.1', what: 'a fraction', message: 'Must be a whole number' },
  ])('$name with $what says $message', async ({ name, text, message }) => {
    const { user, input } = await openCreateOrder();
    if (name.startsWith('items.')) await user.click(screen.getByRole('button', { name: 'Add item' }));
    if (name.startsWith('transaction_history.')) await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const target = input(name);
    await user.click(target);
    await user.clear(target);
    await user.paste(text);
    await user.tab();
    await waitFor(() => expect(target).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(target).toHaveAttribute('aria-invalid', 'true');
  });

  test('an unchosen item type says it is required', async () => {
    const { user, field } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const type = field('items.0.type');
    await user.selectOptions(type, 'Choose a type');
    await user.tab();
    // A row's messages show one frame after the change (useShownAfterPaint).
    await waitFor(() => expect(type).toHaveAccessibleDescription(expect.stringContaining('This field is required')));
  });

  test("in a row, a keystroke's character shows first and the message it changes one frame later", async () => {
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    const amount = input('items.0.amount');
    await user.type(amount, '1.234');
    await user.tab();
    await waitFor(() => expect(amount).toHaveAccessibleDescription(expect.stringContaining(AMOUNT_MESSAGE)));
    await user.click(amount);

    // One keystroke that makes the amount valid; the check of it (async) is over within the task.
    fireEvent.input(amount, { target: { value: '1.23' } });
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    expect(amount).toHaveValue('1.23');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await nextFrame();
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(AMOUNT_MESSAGE)).toBeNull();
  });

  test('the error follows the typing once the field was left', async () => {
    const { user, input } = await openCreateOrder();
    const amount = input('order_data.amount');
    await user.type(amount, '1.234');
    await user.tab();
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(AMOUNT_MESSAGE));
    await user.type(amount, '{Backspace}');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(AMOUNT_MESSAGE)).toBeNull();
  });

  test('tabbing through fields without typing turns none of them red', async () => {
    const { user, input, field } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    await user.click(input('order_external_id'));
    // order_external_id, payment_identifier, return_url, then on through the order data.
    for (let i = 0; i < 4; i += 1) await user.tab();
    await user.click(input('transaction_history.0.amount'));
    await user.tab();
    await user.click(field('transaction_history.0.payment_type'));
    await user.tab();
    await user.click(input('customer_data.email'));
    await user.tab();
    await nextFrame();
    for (const name of ['order_external_id', 'return_url', 'order_data.eshop_external_id', 'order_data.amount', 'transaction_history.0.amount', 'transaction_history.0.payment_type']) {
      expect(field(name), name).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.queryByText(BLANK_MESSAGE)).toBeNull();
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  test('a field turns red once the person typed in it and left, even if they deleted what they typed', async () => {
    const { user, input } = await openCreateOrder();
    await user.type(input('order_external_id'), 'x{Backspace}');
    await user.tab();
    expect(input('order_external_id')).toHaveAccessibleDescription(expect.stringContaining(BLANK_MESSAGE));
    expect(input('return_url')).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a field the person tabbed through turns red when they try to submit, and then follows their typing', async () => {
    const { user, input } = await openCreateOrder();
    await user.click(input('return_url'));
    await user.tab();
    expect(input('return_url')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(input('return_url')).toHaveAttribute('aria-invalid', 'true'));
    await user.type(input('return_url'), 'https://shop.example/r');
    expect(input('return_url')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('submitting an invalid form', { timeout: 30_000 }, () => {
  test('sends nothing, shows every problem and focuses the first invalid field', async () => {
    const requests = countCreateRequests();
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    expect(await screen.findAllByText(BLANK_MESSAGE)).toHaveLength(4);
    expect(input('order_external_id')).toHaveFocus();
    expect(input('return_url')).toHaveAttribute('aria-invalid', 'true');
    expect(input('order_data.eshop_external_id')).toHaveAttribute('aria-invalid', 'true');
    expect(input('order_data.amount')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.count).toBe(0);
    requests.stop();
  });

  test('focuses an invalid item field when everything above it is valid', async () => {
    const requests = countCreateRequests();
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await user.clear(input('items.1.quantity'));
    await user.type(input('items.1.quantity'), '1.5');
    await user.clear(input('transaction_history.0.amount'));
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await screen.findByText('Must be a whole number');
    expect(input('items.1.quantity')).toHaveFocus();
    await waitFor(() => expect(input('transaction_history.0.amount')).toHaveAccessibleDescription(expect.stringContaining(BLANK_MESSAGE)));
    expect(requests.count).toBe(0);
    requests.stop();
  });
});
