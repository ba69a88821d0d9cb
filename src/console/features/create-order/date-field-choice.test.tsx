import { MantineProvider } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { openCreateOrder } from './test-support.ts';

// Why transaction dates use a native <input type="date"> and not Mantine's DateInput: DateInput
// would be the choice only if its visible input keeps name = JSON path and accepts typed dates.
// These tests are the evidence; if Mantine changes, the first one fails and the choice can be revisited.

describe('date field', { timeout: 30_000 }, () => {
  test('Mantine DateInput: the name goes to a hidden input, and a typed 2026-02-30 silently becomes another day', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <MantineProvider env="test">
        <DateInput label="Date" name="transaction_history.0.date" valueFormat="YYYY-MM-DD" onChange={onChange} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const visible = screen.getByRole('textbox', { name: 'Date' });
    expect(visible).not.toHaveAttribute('name');
    expect(container.querySelector('[name="transaction_history.0.date"]')).toHaveAttribute('type', 'hidden');

    await user.type(visible, '2026-02-30');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-03-02');
  });

  test('the form’s native date input keeps its name, takes a typed date, and never invents one', async () => {
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Add transaction' }));
    const date = app.input('transaction_history.0.date');
    expect(date).toHaveAttribute('type', 'date');

    await app.user.type(date, '2026-01-15');
    expect(date).toHaveValue('2026-01-15');

    await app.user.clear(date);
    await app.user.type(date, '2026-02-30');
    await app.user.tab();
    expect(date).toHaveValue('');
    await waitFor(() => expect(date).toHaveAccessibleDescription(expect.stringContaining('Date is required')));
  });
});
