import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import { environmentStore, getActiveEnvironment } from '../../lib/environments.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { OrdersPage, SEARCH_DEBOUNCE_MS } from './orders-page.tsx';
import { recordClicksTakenOver } from '../../test/clicks-taken-over.ts';

// The lookup box searches the team order index; each row says where the record
// came from and how fresh it is; the search lives in the URL; a hidden customer says so; a bad query
// shows the server's explanation.

const SEARCH_URL = `${CONSOLE_ORIGIN}/api/orders/search`;

const indexed = (over: Partial<IndexedOrder>): IndexedOrder => ({
  environment: 'sandbox',
  order_id: '3b241101-e2bb-4255-8caf-4136c566a962',
  external_id: 'IDX-1',
  status: 'activated',
  service: 'provider-pay',
  initial_amount: '120.50',
  current_amount: '100.00',
  refund_amount: '20.50',
  created_at: '2026-11-20T10:00:00.000000Z',
  first_seen_at: '2026-11-20T10:00:00.000000Z',
  last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  first_source: 'create',
  source: 'refund',
  not_found_at: null,
  customer_visible: true,
  customer: { email: 'karel@example.com', first_name: 'Karel', last_name: 'Svoboda', phone_number: null },
  ...over,
});

let asked: URLSearchParams[] = [];

beforeEach(() => {
  asked = [];
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: {
      email: 'agent@example.com',
      grants: ['agent'],
      environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'agent', permissions: ['read:order', 'read:customer'] }],
    },
  });
});

afterEach(() => {
  setServerConfigForTests(null);
  window.localStorage.clear();
  environmentStore.reload();
});

function answer(results: IndexedOrder[] | ((q: string) => IndexedOrder[])) {
  server.use(
    http.get(SEARCH_URL, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const q = params.get('q') ?? '';
      if (q.includes('amount:>>')) return HttpResponse.json({ detail: '"amount:>>1" is not an amount filter: write amount:>100.', code: 'invalid_search' }, { status: 400 });
      return HttpResponse.json({ results: typeof results === 'function' ? results(q) : results, next_cursor: null });
    }),
  );
}

const renderOrders = (route: string) => renderRoute(<OrdersPage />, { path: '/orders', route, extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }] });

describe('team order index', { timeout: 30_000 }, () => {
  test('the search in the URL is sent to the index for this environment; a row shows the customer, where it was seen and how long ago', async () => {
    answer([indexed({})]);
    renderOrders('/orders?q=email%3Akarel*');
    const table = await screen.findByRole('table', { name: 'Team order index' }, { timeout: 10_000 });
    expect(asked[0]?.get('q')).toBe('email:karel*');
    expect(asked[0]?.get('env')).toBe('sandbox');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('IDX-1');
    expect(row).toHaveTextContent('Karel Svoboda');
    expect(row).toHaveTextContent('karel@example.com');
    const cells = within(row).getAllByRole('cell');
    const column = (name: string) => within(table).getAllByRole('columnheader').findIndex((header) => header.textContent === name);
    expect(cells[column('Initial amount')]).toHaveTextContent('120.50');
    expect(cells[column('Current amount')]).toHaveTextContent('100.00');
    expect(cells[column('Current amount')]).toHaveTextContent('20.50 refunded');
    expect(row).toHaveTextContent('5 minutes ago, refunded here');
    expect(within(row).getByRole('link', { name: 'IDX-1' })).toHaveAttribute('href', '/orders/3b241101-e2bb-4255-8caf-4136c566a962');
  });

  test('a plain click on an order’s link opens it in the app; with a modifier key it is left to the browser', async () => {
    answer([indexed({})]);
    const { user, router } = renderOrders('/orders?q=IDX');
    const table = await screen.findByRole('table', { name: 'Team order index' }, { timeout: 10_000 });
    const link = within(table).getByRole('link', { name: 'IDX-1' });
    const { takenOver, stop } = recordClicksTakenOver();
    try {
      fireEvent.click(link, { ctrlKey: true });
      expect(takenOver).toEqual([false]);
      expect(router.state.location.pathname).toBe('/orders');
    } finally {
      stop();
    }
    await user.click(link);
    expect(await screen.findByText('Order detail', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/3b241101-e2bb-4255-8caf-4136c566a962');
  });

  test('typing searches the index and puts the search and its environment in the URL, so the link can be shared', async () => {
    answer((q) => (q === 'svoboda' ? [indexed({ external_id: 'IDX-TYPED' })] : []));
    const { router } = renderOrders('/orders');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search the team’s orders' }, { timeout: 10_000 }), { target: { value: 'svoboda' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=svoboda&env=sandbox'), { timeout: SEARCH_DEBOUNCE_MS + 5_000 });
    const table = await screen.findByRole('table', { name: 'Team order index' }, { timeout: 10_000 });
    expect(within(table).getByText('IDX-TYPED')).toBeInTheDocument();
  });

  test('a role without personal data sees the customer hidden, not missing', async () => {
    answer([indexed({ customer_visible: false, customer: null, source: 'list' })]);
    renderOrders('/orders?q=IDX');
    const table = await screen.findByRole('table', { name: 'Team order index' }, { timeout: 10_000 });
    expect(within(table).getByText('Hidden for your role')).toBeInTheDocument();
    expect(table).toHaveTextContent('in a sandbox list');
  });

  test('a viewer is told that words match external ids only for their role, also when nothing matches', async () => {
    setServerConfigForTests({
      mode: 'team',
      auth: 'local',
      me: {
        email: 'viewer@example.com',
        grants: ['viewer'],
        environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'viewer', permissions: ['read:order'] }],
      },
    });
    answer([]);
    renderOrders('/orders?q=karel%40example.com');
    expect(await screen.findByText(/Your role viewer cannot see or search customers' personal data in Sandbox\. Words match external ids only\./, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the team’s orders' })).toHaveAttribute('placeholder', expect.stringMatching(/^External id/));
  });

  test('a shared link names its environment: opened by someone working in another one, it searches the link’s and switches to it', async () => {
    setServerConfigForTests({
      mode: 'team',
      auth: 'local',
      me: {
        email: 'agent@example.com',
        grants: ['agent'],
        environments: [
          { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'agent', permissions: ['read:order', 'read:customer'] },
          { id: 'staging', name: 'Staging', production: false, approvalThreshold: null, sandbox: false, role: 'agent', permissions: ['read:order', 'read:customer'] },
        ],
      },
    });
    answer([]);
    const { router, user } = renderOrders('/orders?q=svoboda&env=staging');
    await waitFor(() => expect(asked.at(-1)?.get('env')).toBe('staging'), { timeout: 10_000 });
    expect(asked.some((params) => params.get('env') === 'sandbox')).toBe(false);
    expect(getActiveEnvironment().id).toBe('staging');
    // Working in the list keeps the link's environment current.
    const box = screen.getByRole('searchbox', { name: 'Search the team’s orders' });
    await user.clear(box);
    await user.paste('novak');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('novak'), { timeout: SEARCH_DEBOUNCE_MS + 5_000 });
    expect(new URLSearchParams(router.state.location.search).get('env')).toBe('staging');
  });

  test('a search the server cannot read shows its explanation', async () => {
    answer([]);
    renderOrders('/orders?q=amount%3A%3E%3E1');
    expect(await screen.findByText(/is not an amount filter: write amount:>100/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('Enter opens the one order the index finds for an e-mail, asking the index once with what the list shows', async () => {
    answer((q) => (q === 'karel@example.com' ? [indexed({})] : []));
    const { user, router } = renderOrders('/orders');
    await user.click(await screen.findByRole('searchbox', { name: 'Search the team’s orders' }, { timeout: 10_000 }));
    await user.paste('karel@example.com');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Order detail', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders/3b241101-e2bb-4255-8caf-4136c566a962');
    expect(asked.filter((params) => params.get('q') === 'karel@example.com')).toHaveLength(1);
  });

  test('Enter with several or no matches in the index says so and stays on the list', async () => {
    answer((q) => (q === 'svoboda' ? [indexed({}), indexed({ order_id: '3b241101-e2bb-4255-8caf-4136c566a963', external_id: 'IDX-2' })] : []));
    const { user, router } = renderOrders('/orders');
    const box = await screen.findByRole('searchbox', { name: 'Search the team’s orders' }, { timeout: 10_000 });
    await user.click(box);
    await user.paste('svoboda');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('2 orders match “svoboda”: choose one below.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    await user.clear(box);
    await user.paste('nobody@example.com');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('No order matches “nobody@example.com”.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  test('the status menu joins the search as status:', async () => {
    answer([]);
    renderOrders('/orders?q=svoboda&status=refunded');
    await waitFor(() => expect(asked[0]?.get('q')).toBe('svoboda status:refunded'), { timeout: 10_000 });
  });
});
