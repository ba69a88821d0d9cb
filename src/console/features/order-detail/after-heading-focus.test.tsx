import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderApp } from '../../test/render.tsx';
import { prepareOrderPageTests, seedOrder } from './test-support.ts';

// The order page's later parts (the Simulate menu among them) load once its heading is
// painted. Held back here, so the button that stands in for the menu is what the user meets.
const gate = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});
vi.mock('./later-parts.tsx', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

prepareOrderPageTests();

describe('the Simulate button before its menu has loaded', () => {
  // A file of its own: the menu's code, once in, stays for the file's other tests.
  test('focused (keyboard), it hands the focus on to the menu button when the menu comes', async () => {
    const order = await seedOrder('40.00', 'accepted');
    const { user } = renderApp(`/orders/${order.id}`);
    const early = await screen.findByRole('button', { name: 'Simulate' });
    expect(early).not.toHaveAttribute('aria-haspopup');
    early.focus();

    gate.open();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Simulate' })).toHaveAttribute('aria-haspopup', 'menu'));
    const target = screen.getByRole('button', { name: 'Simulate' });
    await waitFor(() => expect(target).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu', { name: 'Simulate' })).toBeInTheDocument();
  });
});
