import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderApp } from '../test/render.tsx';

// The orders page's body (the lazy part), replaced by one that crashes while rendering.
vi.mock('../features/orders-list/orders-page.tsx', () => ({
  OrdersPageBody: () => {
    throw new Error('Cannot read properties of undefined (reading "current_amount")');
  },
}));

describe('a page that throws', { timeout: 20_000 }, () => {
  // React reports the caught render error on the console; that is expected here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test('renders the error page with the message, inside the shell, and the rest of the app still works', async () => {
    const { user, router } = renderApp('/orders');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined (reading "current_amount")')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
