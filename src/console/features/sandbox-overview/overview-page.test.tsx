import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { sandboxPaths } from '../../../contract/paths.ts';
import { ORDER_STATUSES } from '../../../contract/schemas.ts';
import type { SandboxStats } from '../../../contract/stats.ts';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

// The overview as a user reads it. The real sandbox's figures move with every other test
// file's orders, so exact figures come from a fixed answer; one test reads the real endpoint.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await import('./overview-page.tsx');
});

const HOUR = 3_600_000;

function stats(overrides: Partial<SandboxStats> = {}): SandboxStats {
  const start = Math.floor(Date.now() / HOUR) * HOUR - 23 * HOUR;
  return {
    generated_at: new Date().toISOString(),
    orders: { count: 12, initial_amount: '300000000.27', current_amount: '200000000.23', refund_amount: '100000000.04' },
    by_status: ORDER_STATUSES.map((status) => ({ status, count: status === 'activated' ? 8 : status === 'new' ? 4 : 0, initial_amount: status === 'activated' ? '299999999.97' : status === 'new' ? '0.30' : '0.00' })),
    created_per_hour: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(start + i * HOUR).toISOString(), count: i === 23 ? 5 : i === 10 ? 10 : 0 })),
    refunds: { count: 3, amount: '100000000.04', orders: 2 },
    refused_refunds: {
      count: 1,
      newest: [
        {
          event_id: 7,
          at: '2026-03-01T10:00:00.000Z',
          order_id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
          external_id: '<b>EXT-1</b>',
          code: 'invalid_status',
          http_status: 409,
          reason: '<img src=x onerror=alert(1)> Order is new.',
        },
      ],
    },
    ...overrides,
  };
}

const answerStats = (body: JsonBodyType, status = 200) => server.use(http.get(`${CONSOLE_ORIGIN}${sandboxPaths.stats()}`, () => HttpResponse.json(body, { status })));

describe('the sandbox overview', () => {
  test('shows every status with its count linked to the filtered list, exact sums as sent, hours and refusals as text', async () => {
    answerStats(stats());
    const { user, router } = renderApp('/overview');

    const byStatus = await screen.findByRole('list', { name: 'Orders by status' });
    expect(within(byStatus).getAllByRole('listitem')).toHaveLength(ORDER_STATUSES.length);
    expect(within(byStatus).getByTestId('status-count-activated')).toHaveTextContent('8');
    // Grouped in thousands, the digits exactly as sent.
    expect(within(byStatus).getByText('299,999,999.97')).toBeInTheDocument();
    const header = screen.getByTestId('status-bars-header');
    expect(header).toHaveTextContent(/Status.*Orders.*Ordered/);
    expect(screen.getByTestId('overview-orders')).toHaveTextContent('12');
    expect(screen.getByText('300,000,000.27 ordered in all')).toBeInTheDocument();
    expect(screen.getByTestId('overview-refunded')).toHaveTextContent('100,000,000.04');
    expect(screen.getByText(/3 refunds on 2 orders/)).toBeInTheDocument();
    expect(screen.getByTestId('overview-last-day')).toHaveTextContent('15');

    const hours = screen.getByRole('list', { name: 'Orders created per hour, oldest first' });
    expect(within(hours).getAllByRole('listitem')).toHaveLength(24);
    expect(within(hours).getAllByRole('listitem').at(-1)).toHaveTextContent(/this hour so far\): 5 orders/);

    const refused = screen.getByRole('list', { name: 'Newest refused refunds' });
    expect(within(refused).getByRole('link', { name: '<b>EXT-1</b>' })).toHaveAttribute('href', '/orders/6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f');
    expect(within(refused).getByText('<img src=x onerror=alert(1)> Order is new.')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();

    await user.click(within(byStatus).getByRole('link', { name: '8 activated orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(router.state.location.search).toBe('?status=activated');
  });

  test('the real sandbox answers figures the page can read', async () => {
    renderApp('/overview');
    expect(await screen.findByRole('list', { name: 'Orders by status' })).toBeInTheDocument();
    expect(screen.queryByText('The figures could not be loaded')).not.toBeInTheDocument();
  });

  test('an answer that is not the contract shape is an error on the page, not a wrong figure', async () => {
    answerStats({ ...stats(), orders: { count: 1, initial_amount: 1.5, current_amount: '1.50', refund_amount: '0.00' } });
    renderApp('/overview');
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/does not match the sandbox's stats[\s\S]*orders\.initial_amount/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Orders by status' })).not.toBeInTheDocument();
  });

  test('outside a sandbox: no Overview in the navigation, and the page says why there is nothing', async () => {
    environmentStore.save({ id: 'prod', name: 'Production', baseUrl: '', production: true, sandbox: false, rememberToken: false });
    setToken('prod', 'dev-token');
    environmentStore.activate('prod');
    renderApp('/overview');
    expect(await screen.findByText('Production is not a sandbox')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
  });

  test('a sandbox environment has Overview in the navigation', async () => {
    renderApp('/orders');
    expect(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/overview');
  });
});
