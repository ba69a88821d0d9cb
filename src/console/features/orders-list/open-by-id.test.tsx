import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';

function renderPage() {
  return renderRoute(<OrdersPage />, {
    path: '/orders',
    route: '/orders?source=local',
    extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }],
  });
}

// Generous ceilings: the first test of a file also loads the page's modules, slow on a busy machine.
describe('open by id', { timeout: 30_000 }, () => {
  test('refuses what is not a UUID and says why', async () => {
    const { user, router } = renderPage();
    const input = await screen.findByRole('textbox', { name: 'Order id' });

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(input).toHaveAccessibleDescription('Paste an order id first');

    await user.type(input, 'ORD-2026-0001');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(input).toHaveAccessibleDescription(/That is not an order id: expected a UUID/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/orders');

    // Typing again clears the message.
    await user.type(input, 'x');
    expect(input).not.toHaveAccessibleDescription(/not an order id/);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('opens the order of a pasted UUID, spaces trimmed', async () => {
    const { user, router } = renderPage();
    const input = await screen.findByRole('textbox', { name: 'Order id' });
    await user.click(input);
    await user.paste('  6F1C1C8E-8A7C-4A54-9F7E-0B6C1F9A2D3E \n');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByText('Order detail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
  });

  test('Enter submits', async () => {
    const { user, router } = renderPage();
    const input = await screen.findByRole('textbox', { name: 'Order id' });
    await user.click(input);
    await user.paste('6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
    await user.keyboard('{Enter}');
    await screen.findByText('Order detail');
    expect(router.state.location.pathname).toBe('/orders/6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e');
  });
});
