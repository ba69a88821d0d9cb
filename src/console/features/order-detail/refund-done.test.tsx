import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { input, prepareOrderPageTests, replace, seedOrder } from './test-support.ts';

prepareOrderPageTests();

async function openDialog(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  return screen.findByRole('dialog', { name: /Refund order/ });
}

async function refund(user: UserEvent, dialog: HTMLElement, amount: string) {
  await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
  await replace(user, input(dialog, 'amount'), amount);
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('after a refund', () => {
  test('the page itself says what was refunded, after the toast has gone, until dismissed', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    const dialog = await openDialog(user);
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-7');
    const paymentIdentifier = input(dialog, 'payment_identifier').value;
    await refund(user, dialog, '12.5');

    act(() => notifications.clean());
    const notice = screen.getAllByRole('status').find((element) => element.textContent.includes('Refund of 12.50 done · 107.50 remains'));
    expect(notice).toBeDefined();
    expect(notice).toHaveTextContent(paymentIdentifier);
    expect(notice).toHaveTextContent('ACC-7');
    // QA scripts find the Refund button by a name containing "Refund" (Playwright's default match): still one.
    expect(screen.getAllByRole('button', { name: /refund/i }).map((button) => button.textContent)).toEqual(['Refund']);

    await user.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByText('Refund of 12.50 done · 107.50 remains')).not.toBeInTheDocument();
  });

  test("the last destination account is offered again in this tab, and kept in this tab's sessionStorage only", async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    let dialog = await openDialog(user);
    expect(within(dialog).queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();
    await replace(user, input(dialog, 'destination_account_number'), 'CZ6508000000192000145399');
    await refund(user, dialog, '10');

    dialog = await openDialog(user);
    expect(input(dialog, 'destination_account_number')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Use CZ6508000000192000145399' }));
    expect(input(dialog, 'destination_account_number')).toHaveValue('CZ6508000000192000145399');
    expect(within(dialog).queryByRole('button', { name: /^Use / })).not.toBeInTheDocument();

    expect(Object.values({ ...window.sessionStorage })).toContain('CZ6508000000192000145399');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('CZ6508000000192000145399');
  });
});
