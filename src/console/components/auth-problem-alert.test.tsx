import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { orderServicePaths } from '../../contract/paths.ts';
import { openCreateOrder } from '../features/create-order/test-support.ts';
import { seedOrder } from '../features/order-detail/test-support.ts';
import { DEFAULT_ENVIRONMENT_ID, setToken } from '../lib/environments.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { renderApp } from '../test/render.tsx';

// A rejected token is said on the page itself, with the way to Settings, and nothing offers
// to try again where trying again cannot help. The toast (auth-notice.tsx) comes and goes; this stays.

const LOAD = { timeout: 15_000 };

async function inlineAuthProblem() {
  const alert = await screen.findByRole('alert', { name: 'The service rejected the token' }, LOAD);
  expect(alert).toHaveTextContent('HTTP 401: Invalid token.');
  const settings = within(alert).getByRole('link', { name: 'Open Settings' });
  expect(settings).toHaveAttribute('href', '/settings');
  return { alert, settings };
}

describe('401: inline, with a way to Settings, no retry', { timeout: 45_000 }, () => {
  test('on the order page', async () => {
    const order = await seedOrder();
    setToken(DEFAULT_ENVIRONMENT_ID, 'wrong-token');
    const { user, router } = renderApp(`/orders/${order.id}`);

    const { settings } = await inlineAuthProblem();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(settings);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
  });

  test('on the orders list', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'wrong-token');
    renderApp('/orders');

    await inlineAuthProblem();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  test('on the create form, which keeps what was typed', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'wrong-token');
    const app = await openCreateOrder();
    await app.user.click(screen.getByRole('button', { name: 'Fill with sample data' }));
    const externalId = app.input('order_external_id').value;
    await app.user.click(screen.getByRole('button', { name: 'Create order' }));

    await inlineAuthProblem();
    expect(app.input('order_external_id')).toHaveValue(externalId);
    expect(app.router.state.location.pathname).toBe('/orders/new');
  });
});

test('a service that echoes the token in its 403 does not get it onto the page', { timeout: 45_000 }, async () => {
  setToken(DEFAULT_ENVIRONMENT_ID, 'secret-token-42');
  server.use(http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.json({ detail: 'Token secret-token-42 is not allowed here' }, { status: 403 })));
  renderApp('/orders');

  const alert = await screen.findByRole('alert', { name: 'The service rejected the token' }, LOAD);
  expect(alert).toHaveTextContent('HTTP 403: Token **** is not allowed here');
  expect(await screen.findByText('Token rejected', {}, LOAD)).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('secret-token-42');
});

describe('no Try again where it cannot help', { timeout: 45_000 }, () => {
  test.each([400, 403])('the order page answered %i', async (status) => {
    const order = await seedOrder();
    server.use(http.get(`${CONSOLE_ORIGIN}${orderServicePaths.orderRead(order.id)}`, () => HttpResponse.json({ detail: 'No.' }, { status })));
    renderApp(`/orders/${order.id}`);

    expect(await screen.findByText(new RegExp(`HTTP ${status}: No\\.`), {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('the orders list answered 400', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.json({ status: ['Not a status.'] }, { status: 400 })));
    renderApp('/orders');

    expect(await screen.findByText('Could not load the sandbox orders', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
