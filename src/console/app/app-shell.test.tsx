import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderApp } from '../test/render.tsx';

// Pages are lazy: a navigation completes (location, active link) once the page's module has loaded,
// which takes a while on a busy machine.
const PAGE_LOAD = { timeout: 10_000 };

function nav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

function currentNavLink(): string | null {
  return within(nav())
    .getAllByRole('link')
    .filter((l) => l.getAttribute('aria-current') === 'page')
    .map((l) => l.textContent)
    .join(', ');
}

describe('app shell', { timeout: 30_000 }, () => {
  test('/ opens the orders list', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), PAGE_LOAD);
    await waitFor(() => expect(currentNavLink()).toBe('Orders'), PAGE_LOAD);
  });

  test('an unknown address shows the 404 page, inside the shell, with a way back', async () => {
    const { user, router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(nav()).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), PAGE_LOAD);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull());
  });

  test('the navigation links go to Orders, New order, Bulk refunds, Overview (a sandbox), Scenarios, Faults and Settings, marking where you are', async () => {
    const { user, router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Connection settings' }, PAGE_LOAD);
    expect(within(nav()).getAllByRole('link').map((l) => l.textContent)).toEqual(['Orders', 'New order', 'Bulk refunds', 'Overview', 'Scenarios', 'Faults', 'Settings']);
    expect(currentNavLink()).toBe('Settings');

    for (const [name, path] of [
      ['Orders', '/orders'],
      ['New order', '/orders/new'],
      ['Bulk refunds', '/refunds/bulk'],
      ['Overview', '/overview'],
      ['Scenarios', '/scenarios'],
      ['Faults', '/faults'],
      ['Settings', '/settings'],
    ] as const) {
      await user.click(within(nav()).getByRole('link', { name }));
      await waitFor(() => expect(router.state.location.pathname).toBe(path), PAGE_LOAD);
      await waitFor(() => expect(currentNavLink()).toBe(name), PAGE_LOAD);
    }
  });

  test('a navigation link clicked with a modifier key (new tab, new window) is left to the browser', async () => {
    const { router } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Connection settings' }, PAGE_LOAD);
    const link = within(nav()).getByRole('link', { name: 'Orders' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const click = createEvent.click(link, modifier);
      fireEvent(link, click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(router.state.location.pathname).toBe('/settings');
    const plain = createEvent.click(link);
    fireEvent(link, plain);
    expect(plain.defaultPrevented).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), PAGE_LOAD);
  });

  test('the environment badge in the header names the active environment and opens Settings', async () => {
    const { user, router } = renderApp('/orders');
    const badge = await screen.findByRole('link', { name: 'Active environment: Local sandbox' }, PAGE_LOAD);
    expect(badge).toHaveTextContent('Local sandbox');
    await user.click(badge);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'), PAGE_LOAD);
  });

  test('the colour scheme toggle switches between light and dark', async () => {
    const { user } = renderApp('/settings');
    const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
    await user.click(await screen.findByRole('button', { name: 'Switch to dark colour scheme' }, PAGE_LOAD));
    expect(scheme()).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light colour scheme' }));
    expect(scheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark colour scheme' })).toBeInTheDocument();
  });

  test('while the first page’s code loads, a loading indicator shows instead of a blank screen', async () => {
    // The one page no other test of this file opens: once a page's code has loaded, it renders at once.
    renderApp(`/orders/${crypto.randomUUID()}`);
    expect(screen.getByRole('status', { name: 'Loading the console' })).toBeInTheDocument();
    // The shell is there meanwhile: only the page's place waits.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading the console' })).toBeNull(), PAGE_LOAD);
  });

  test('"Skip to content" is the first stop of the Tab key and moves the focus to the page itself', async () => {
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Connection settings' }, PAGE_LOAD);

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
