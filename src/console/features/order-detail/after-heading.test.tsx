import { screen, within } from '@testing-library/react';
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
  test('clicked, it opens the menu as soon as the menu comes', async () => {
    const order = await seedOrder('40.00', 'accepted');
    const { user } = renderApp(`/orders/${order.id}`);
    const early = await screen.findByRole('button', { name: 'Simulate' });
    // The stand-in, not yet the menu's target.
    expect(early).not.toHaveAttribute('aria-haspopup');
    await user.click(early);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    gate.open();
    const menu = await screen.findByRole('menu', { name: 'Simulate' });
    expect(within(menu).getByRole('menuitem', { name: /^Activated activated/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Simulate' })).toHaveAttribute('aria-haspopup', 'menu');
  });
});
