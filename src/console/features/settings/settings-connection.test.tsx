import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { addEnvironment, card, editEnvironment } from './settings-test-helpers.ts';

async function openSettings() {
  const app = renderApp('/settings');
  await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 10_000 });
  return app;
}

async function testConnectionOf(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(within(card(name)).getByRole('button', { name: `Test connection to ${name}` }));
}

describe('Test connection', { timeout: 20_000 }, () => {
  test('reports connected and accepted when the real sandbox answers 404 for a made-up order', async () => {
    const { user } = await openSettings();
    await testConnectionOf(user, 'Local sandbox');
    const result = await within(card('Local sandbox')).findByRole('status');
    expect(within(result).getByText('Connected, token accepted')).toBeInTheDocument();
    expect(within(result).getByText(/HTTP 404/)).toBeInTheDocument();
  });

  test('reports a rejected token with the service’s reason', async () => {
    const { user } = await openSettings();
    await editEnvironment(user, 'Local sandbox', { token: 'wrong-token' });
    await testConnectionOf(user, 'Local sandbox');
    const result = await within(card('Local sandbox')).findByRole('status');
    expect(within(result).getByText('Token rejected')).toBeInTheDocument();
    expect(within(result).getByText('HTTP 401: Invalid token.')).toBeInTheDocument();
    // A probe is not a query: no global "token rejected" notice on top of the answer.
    expect(screen.queryByText(/open settings/i)).toBeNull();
  });

  test('reports an unreachable service with the URL it tried', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/psp/v2/order/:orderId/`, () => HttpResponse.error()));
    const { user } = await openSettings();
    await testConnectionOf(user, 'Local sandbox');
    const result = await within(card('Local sandbox')).findByRole('status');
    expect(within(result).getByText('Service unreachable')).toBeInTheDocument();
    expect(within(result).getAllByText(new RegExp(`${CONSOLE_ORIGIN}/psp/v2/order/[0-9a-f-]{36}/`)).length).toBeGreaterThan(0);
  });

  test('an edit clears the previous result, so it cannot vouch for a new token', async () => {
    const { user } = await openSettings();
    await testConnectionOf(user, 'Local sandbox');
    await within(card('Local sandbox')).findByText('Connected, token accepted');
    await editEnvironment(user, 'Local sandbox', { token: 'other-token' });
    expect(within(card('Local sandbox')).queryByRole('status')).toBeNull();
  });
});

describe('production', { timeout: 20_000 }, () => {
  test('a production environment is marked red, and while active a banner is on every page', async () => {
    const { user } = await openSettings();
    // Same origin, so the other pages' requests reach the test sandbox.
    await addEnvironment(user, { name: 'Live', token: 'dev-token', production: true, sandbox: false });
    expect(within(card('Live')).getByText('Production')).toBeInTheDocument();
    expect(screen.queryByText('Production: Live')).toBeNull();

    await user.click(within(card('Live')).getByRole('button', { name: 'Use Live' }));
    expect(screen.getByRole('link', { name: 'Active environment: Live (production)' })).toBeInTheDocument();
    expect(screen.getByText('Production: Live')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const page of ['Orders', 'New order', 'Settings']) {
      await user.click(within(nav).getByRole('link', { name: page }));
      expect(screen.getByText('Production: Live')).toBeInTheDocument();
    }

    await user.click(await within(card('Local sandbox')).findByRole('button', { name: 'Use Local sandbox' }));
    expect(screen.queryByText('Production: Live')).toBeNull();
  });
});
