import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { nextFrame, openCreateOrder } from './test-support.ts';

const WARNING = 'Items do not add up to the order amount';

describe('items and transaction rows', { timeout: 30_000 }, () => {
  test('add, remove and duplicate items; the names follow the row numbers', async () => {
    const { user, input, container } = await openCreateOrder();
    const add = screen.getByRole('button', { name: 'Add item' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    for (const [index, name] of ['Apple', 'Bread', 'Cheese'].entries()) await user.type(input(`items.${index}.name`), name);

    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(input('items.0.name')).toHaveValue('Apple');
    expect(input('items.1.name')).toHaveValue('Cheese');
    expect(container.querySelector('[name="items.2.name"]')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Item 3' })).toBeNull();

    await user.clear(input('items.0.quantity'));
    await user.type(input('items.0.quantity'), '4');
    await user.click(screen.getByRole('button', { name: 'Duplicate item 1' }));
    expect(input('items.0.name')).toHaveValue('Apple');
    expect(input('items.1.name')).toHaveValue('Apple');
    expect(input('items.1.quantity')).toHaveValue('4');
    expect(input('items.2.name')).toHaveValue('Cheese');
    expect(screen.getByRole('group', { name: 'Item 3' })).toBeInTheDocument();

    // The copy is its own row: editing it leaves the original alone.
    await user.type(input('items.1.name'), ' (gift)');
    expect(input('items.0.name')).toHaveValue('Apple');
    expect(input('items.1.name')).toHaveValue('Apple (gift)');
  });

  test('every input and select of the form, the rows included, says autocomplete="off"', async () => {
    // A customer's order, not the agent's details: the browser offers nothing of its own here, and
    // Chromium leaves these controls out of the page state it saves about once a second while the
    // person types (8-12 ms with 250 rows: row-fields.tsx).
    const { user, container } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const controls = [...container.querySelectorAll('input, select, textarea')].filter((control) => control.closest('[role="form"]') !== null);
    const names = controls.map((control) => control.getAttribute('name'));
    expect(names).toEqual(expect.arrayContaining(['order_external_id', 'service', 'items.0.name', 'items.0.type', 'items.0.vat', 'transaction_history.0.is_canceled', 'customer_data.email']));
    expect(controls.filter((control) => control.getAttribute('autocomplete') !== 'off').map((control) => control.getAttribute('name'))).toEqual([]);
  });

  test('add, remove and duplicate transactions, the checkbox included', async () => {
    const { user, input, container } = await openCreateOrder();
    const add = screen.getByRole('button', { name: 'Add transaction' });
    await user.click(add);
    await user.click(add);
    await user.type(input('transaction_history.0.transaction_id'), 'T-0');
    await user.type(input('transaction_history.1.transaction_id'), 'T-1');
    await user.click(input('transaction_history.1.is_canceled'));

    await user.click(screen.getByRole('button', { name: 'Duplicate transaction 2' }));
    expect(input('transaction_history.2.transaction_id')).toHaveValue('T-1');
    expect(input('transaction_history.2.is_canceled')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Remove transaction 1' }));
    expect(input('transaction_history.0.transaction_id')).toHaveValue('T-1');
    expect(input('transaction_history.1.transaction_id')).toHaveValue('T-1');
    expect(input('transaction_history.0.is_canceled')).toBeChecked();
    expect(container.querySelector('[name="transaction_history.2.transaction_id"]')).toBeNull();
  });

  test('an error stays with its row when a row above is removed', async () => {
    const { user, input } = await openCreateOrder();
    const add = screen.getByRole('button', { name: 'Add item' });
    await user.click(add);
    await user.click(add);
    await user.type(input('items.0.name'), 'Fine');
    await user.type(input('items.1.quantity'), '.5');
    await user.tab();
    await waitFor(() => expect(input('items.1.quantity')).toHaveAttribute('aria-invalid', 'true'));
    await user.click(screen.getByRole('button', { name: 'Remove item 1' }));
    expect(input('items.0.quantity')).toHaveValue('1.5');
    expect(input('items.0.quantity')).toHaveAccessibleDescription(expect.stringContaining('Must be a whole number'));
    // Nothing else in the moved row turned red: its name was never typed in.
    await nextFrame();
    expect(input('items.0.name')).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(input('items.0.quantity')).toHaveAccessibleDescription(expect.stringContaining('Must be a whole number')));
  });
});

test('a row added after a failed submit is not red until someone types in it or submits again', { timeout: 30_000 }, async () => {
  const { user, input } = await openCreateOrder();
  await user.click(screen.getByRole('button', { name: 'Create order' }));
  await waitFor(() => expect(input('order_external_id')).toHaveAttribute('aria-invalid', 'true'));
  await user.click(screen.getByRole('button', { name: 'Add item' }));
  await nextFrame();
  expect(input('items.0.name')).not.toHaveAttribute('aria-invalid', 'true');
  expect(input('items.0.amount')).not.toHaveAttribute('aria-invalid', 'true');
  // What was red stays red.
  expect(input('order_external_id')).toHaveAttribute('aria-invalid', 'true');
  await user.click(screen.getByRole('button', { name: 'Create order' }));
  await waitFor(() => expect(input('items.0.name')).toHaveAttribute('aria-invalid', 'true'));
});

describe('item totals', { timeout: 30_000 }, () => {
  test('line totals are exact, and a warning shows while the items differ from the order amount', async () => {
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    expect(screen.queryByText(WARNING)).toBeNull();

    await user.clear(input('items.0.quantity'));
    await user.type(input('items.0.quantity'), '3');
    await user.clear(input('items.0.amount'));
    await user.type(input('items.0.amount'), '0.10');
    // The figures follow one frame after the keystroke (use-watch-after-paint.ts).
    await waitFor(() => expect(screen.getByTestId('item-0-total')).toHaveTextContent('0.30'));
    // 0.30 + 24.50 + 4.99
    expect(screen.getByTestId('items-total')).toHaveTextContent('29.79');
    const alert = await screen.findByRole('alert', { name: WARNING });
    expect(alert).toHaveTextContent(/items total 29\.79, the order amount is \d+\.\d{2}/);

    // The figures in the warning follow both sides as they are typed (it went while the amount was empty).
    await user.clear(input('order_data.amount'));
    await user.type(input('order_data.amount'), '29.8');
    const again = await screen.findByRole('alert', { name: WARNING });
    await waitFor(() => expect(again).toHaveTextContent('items total 29.79, the order amount is 29.80'));
    await user.type(input('items.0.quantity'), '0');
    await waitFor(() => expect(again).toHaveTextContent('items total 32.49, the order amount is 29.80'));
    expect(screen.getByTestId('item-0-total')).toHaveTextContent('3.00');
    await user.clear(input('items.0.quantity'));
    await user.type(input('items.0.quantity'), '3');

    await user.clear(input('order_data.amount'));
    await user.type(input('order_data.amount'), '29.79');
    await waitFor(() => expect(screen.queryByText(WARNING)).toBeNull());
  });

  test('the warning does not block: the form still submits a valid order whose items differ', async () => {
    const { user, input, router } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await user.clear(input('order_data.amount'));
    await user.type(input('order_data.amount'), '1000.00');
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}$/), { timeout: 10_000 });
  });

  test('a line that is not a number yet is left out of the total and says so', async () => {
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    await user.type(input('items.0.amount'), '12.5');
    await waitFor(() => expect(screen.getByTestId('item-0-total')).toHaveTextContent('12.50'));
    await user.type(input('items.0.quantity'), '.5');
    await waitFor(() => expect(screen.getByTestId('item-0-total')).toHaveTextContent('—'));
    expect(screen.getByTestId('items-total')).toHaveTextContent('0.00 (1 line not counted yet)');
  });

  test('a keystroke shows its character first; the line total and the items total follow after the next frame', async () => {
    const { user, input } = await openCreateOrder();
    await user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    await user.clear(input('items.0.quantity'));
    await user.type(input('items.0.quantity'), '3');
    await user.clear(input('items.0.amount'));
    await user.type(input('items.0.amount'), '0.1');
    await waitFor(() => expect(screen.getByTestId('item-0-total')).toHaveTextContent('0.30'));
    const itemsTotal = screen.getByTestId('items-total').textContent;

    // One keystroke, as the browser delivers it: React handles the input event and renders in the same task.
    const amount = input('items.0.amount');
    fireEvent.input(amount, { target: { value: '0.12' } });
    expect(amount).toHaveValue('0.12');
    expect(screen.getByTestId('item-0-total')).toHaveTextContent('0.30');
    expect(screen.getByTestId('items-total').textContent).toBe(itemsTotal);
    await waitFor(() => expect(screen.getByTestId('item-0-total')).toHaveTextContent('0.36'));
    expect(screen.getByTestId('items-total')).toHaveTextContent('29.85');
  });
});
