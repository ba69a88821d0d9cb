import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { countCreateRequests, nextFrame, openCreateOrder, sandboxOrdersWithExternalId, uniqueExternalId } from './test-support.ts';

// docs/decisions.md D11 in the create form: what a person typed is stripped before it is checked and
// sent, and amounts take a decimal comma, shown as a dot once the person leaves the field.

describe('decimal comma and whitespace (D11)', { timeout: 45_000 }, () => {
  test.each([
    { name: 'order_data.amount', typed: '1,50', shown: '1.50' },
    { name: 'items.0.amount', typed: ' 2,5 ', shown: '2.5' },
    { name: 'items.0.vat', typed: '21,5', shown: '21.5' },
    { name: 'transaction_history.0.amount', typed: '-3,', shown: '-3.' },
  ])('$name: "$typed" becomes "$shown" on leaving it, and is valid', async ({ name, typed, shown }) => {
    const { user, input } = await openCreateOrder();
    if (name.startsWith('items.')) await user.click(screen.getByRole('button', { name: 'Add item' }));
    if (name.startsWith('transaction_history.')) await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const target = input(name);
    await user.click(target);
    await user.paste(typed);
    // Valid while still in the field: the comma is read as the dot it will be.
    expect(target).toHaveValue(typed);
    await user.tab();
    expect(target).toHaveValue(shown);
    await nextFrame();
    expect(target).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('a comma that is not a decimal comma is left as typed and refused', async () => {
    const { user, input } = await openCreateOrder();
    await user.type(input('order_data.amount'), '1.000,50');
    await user.tab();
    expect(input('order_data.amount')).toHaveValue('1.000,50');
    expect(input('order_data.amount')).toHaveAttribute('aria-invalid', 'true');
  });

  test('spaces around a value do not count toward its limit, and what is sent is stripped, with a dot', async () => {
    const requests = countCreateRequests();
    const app = await openCreateOrder();
    const { user, input } = app;
    await user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    const externalId = uniqueExternalId('D11').padEnd(36, 'x');
    await user.clear(input('order_external_id'));
    await user.click(input('order_external_id'));
    await user.paste(`  ${externalId} `);
    await user.tab();
    expect(input('order_external_id')).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(input('order_data.amount'));
    await user.type(input('order_data.amount'), ' 99,9');
    // Enter in the amount submits the form: the field shows the dot before anything is sent.
    await user.keyboard('{Enter}');
    expect(input('order_data.amount')).toHaveValue('99.9');

    await waitFor(() => expect(requests.bodies).toHaveLength(1), { timeout: 10_000 });
    expect(requests.bodies[0]).toMatchObject({ order_external_id: externalId, order_data: { amount: '99.9' } });
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}$/), { timeout: 10_000 });
    expect(await sandboxOrdersWithExternalId(externalId)).toHaveLength(1);
    requests.stop();
  });
});
