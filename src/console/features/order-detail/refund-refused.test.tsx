import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { input, prepareOrderPageTests, readOrder, refundUrl, replace, seedOrder, seedRefund } from './test-support.ts';

prepareOrderPageTests();

describe('refund: refused after the confirmation', () => {
  test('a full refund refused with 400 on amount (30.00 refunded elsewhere meanwhile): the error is on the field, the order is read again', async () => {
    const order = await seedOrder('100.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
    expect(within(dialog).getByRole('radio', { name: 'Full (100.00)' })).toBeChecked();
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
    await replace(user, input(dialog, 'external_id'), 'R-FULL');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm refund' });

    await seedRefund(order.id, '30.00', 'RF-ELSEWHERE');
    await user.click(confirm);

    // On its field: the amount that was refused, marked, with the service's own words.
    const amount = await waitFor(() => {
      const element = input(dialog, 'amount');
      expect(element).toHaveAttribute('aria-invalid', 'true');
      return element;
    });
    expect(amount).toHaveAccessibleDescription(expect.stringContaining("Must not exceed the order's current amount (70.00)"));
    expect(amount).toHaveValue('100.00');
    // And in the dialog: what happened and what the order holds now.
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('The service refused the refund');
    expect(await within(alert).findByText(/30\.00 has been refunded .* 70\.00 can still be refunded/)).toBeInTheDocument();
    // Read again at once: the full amount on offer and the page are the current ones.
    expect(within(dialog).getByRole('radio', { name: 'Full (70.00)' })).toBeInTheDocument();
    expect(screen.getByTestId('amount-refund_amount')).toHaveTextContent('30.00');
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('70.00');
    expect((await readOrder(order.id)).refund_amount).toBe('30.00');

    // Full (70.00) again, reviewed and confirmed: the rest is refunded.
    await user.click(within(dialog).getByRole('radio', { name: 'Full (70.00)' }));
    expect(input(dialog, 'amount')).toHaveValue('70.00');
    expect(input(dialog, 'amount')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^refunded$/));
    expect((await readOrder(order.id)).refund_amount).toBe('100.00');
  });

  test('a 400 that names no field: its words in the dialog, the form as typed, and the amounts read again', async () => {
    const order = await seedOrder('100.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    await replace(user, input(dialog, 'amount'), '20');
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-9');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm refund' });
    await seedRefund(order.id, '5.00', 'RF-OTHER');
    server.use(http.post(refundUrl(order.id), () => HttpResponse.json({ non_field_errors: ['Refunds to this bank are paused.'] }, { status: 400 }), { once: true }));

    await user.click(confirm);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The service refused the refund (HTTP 400)');
    expect(alert).toHaveTextContent('Refunds to this bank are paused.');
    expect(await within(alert).findByText(/5\.00 has been refunded .* 95\.00 can still be refunded/)).toBeInTheDocument();
    expect(alert.parentElement).toHaveFocus();
    expect(input(dialog, 'amount')).toHaveValue('20');
    expect(input(dialog, 'destination_account_number')).toHaveValue('ACC-9');
    expect(within(dialog).getByRole('radio', { name: 'Full (95.00)' })).not.toBeChecked();
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('95.00');
    expect((await readOrder(order.id)).refund_amount).toBe('5.00');
  });

  test("DRF's 400 'cannot be refunded' on an order refunded meanwhile: no Full (0.00), nothing to review, Close", async () => {
    const order = await seedOrder('40.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirm = await within(dialog).findByRole('button', { name: 'Confirm refund' });
    await seedRefund(order.id, '40.00', 'RF-ELSEWHERE');
    server.use(http.post(refundUrl(order.id), () => HttpResponse.json({ detail: 'This order cannot be refunded.' }, { status: 400 }), { once: true }));

    await user.click(confirm);

    const alert = await within(dialog).findByRole('alert');
    expect(await within(alert).findByText(/it is now refunded, so it cannot be refunded/)).toBeInTheDocument();
    expect(alert).toHaveTextContent('This order cannot be refunded.');
    expect(alert.textContent?.match(/HTTP 400/g)).toHaveLength(1);
    expect(within(dialog).queryByText(/^Full \(/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Review refund' })).toBeNull();
    expect(dialog.querySelector('[name="amount"]')).toBeNull();
    expect(alert.parentElement).toHaveFocus();
    // The button under the alert (the dialog's × is named Close too).
    const close = within(dialog).getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close');
    expect(close).toBeDefined();
    if (close !== undefined) await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
