import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { ME_PATH } from '../../../contract/console-api.ts';
import { CONSOLE_CONFIG_PATH } from '../../../contract/paths.ts';
import { showAuthNotice } from '../../app/auth-notice.tsx';
import { environmentStore, getActiveEnvironment, getToken } from '../../lib/environments.ts';
import { journal } from '../../lib/journal.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { loadServerConfig, setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { NotASandboxError } from '../orders/api/sandbox-list-request.ts';
import { renderRoute } from '../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { firstPageFilters, prefetchOrdersFirstPage } from './prefetch-first-page.ts';
import { seedSandboxOrder, uniquePrefix } from './test-support.ts';

// main.tsx sends /orders's first list request before the app renders;
// the list then shows that answer instead of asking again.

afterEach(() => setServerConfigForTests(null));

const listRequests = () => journal.getSnapshot().filter((e) => e.path === '/sandbox/orders');

describe('firstPageFilters: the list the page will ask for first', () => {
  test.each([
    ['/orders', '', {}],
    ['/orders', '?q=%20ORD-7%20', { q: 'ORD-7' }],
    ['/orders', '?q=', {}],
    ['/orders', '?source=sandbox', {}],
    // Left to the page: the local tab sends nothing, a status needs the contract's check.
    ['/orders', '?source=local', null],
    ['/orders', '?status=activated', null],
    ['/orders/new', '', null],
    ['/orders/3b241101-e2bb-4255-8caf-4136c566a962', '', null],
    ['/settings', '', null],
  ])('%s%s -> %j', (pathname, search, expected) => {
    expect(firstPageFilters({ pathname, search })).toEqual(expected);
  });
});

describe('prefetchOrdersFirstPage', { timeout: 30_000 }, () => {
  test('sends the first page before anything renders, and the list shows it without asking again', async () => {
    const prefix = uniquePrefix('PREFETCH');
    await seedSandboxOrder(`${prefix}-1`, '12.00');
    await seedSandboxOrder(`${prefix}-2`, '13.00');
    // The app's own client (staleTime included), as main.tsx creates it.
    const queryClient = createQueryClient(showAuthNotice);

    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: `?q=${prefix}` });
    await waitFor(() => expect(listRequests()).toHaveLength(1));
    expect(new URL(listRequests()[0]?.url ?? '').searchParams.get('q')).toBe(prefix);

    renderRoute(<OrdersPage />, { path: '/orders', route: `/orders?q=${prefix}`, queryClient });
    const table = await screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('Loaded 2 orders (all)')).toBeInTheDocument();
    expect(listRequests()).toHaveLength(1);
  });

  test('the list waits for a request still on its way instead of sending its own', async () => {
    const prefix = uniquePrefix('INFLIGHT');
    await seedSandboxOrder(`${prefix}-1`, '12.00');
    const queryClient = createQueryClient(showAuthNotice);
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: `?q=${prefix}` });
    renderRoute(<OrdersPage />, { path: '/orders', route: `/orders?q=${prefix}`, queryClient });
    await screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 10_000 });
    expect(listRequests()).toHaveLength(1);
  });

  test('public/boot.js sending only once the app has started (its config answer came late): its request is the one, nothing is sent twice', async () => {
    const prefix = uniquePrefix('LATEBOOT');
    await seedSandboxOrder(`${prefix}-1`, '12.00');
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      // The console's origin only: the test server passes each request on to the sandbox, a second request.
      if (request.url.startsWith(`${CONSOLE_ORIGIN}/sandbox/orders`)) sent.push(request.url);
    });
    let decide = (_request: unknown) => undefined as void;
    // What boot.js leaves: a promise, decided when the server's config answers.
    window.__orderConsoleList = new Promise((resolve) => (decide = resolve));
    const queryClient = createQueryClient(showAuthNotice);
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: `?q=${prefix}` });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The app waited: nothing sent yet.
    expect(sent).toEqual([]);

    const url = `${CONSOLE_ORIGIN}/sandbox/orders?limit=200&q=${prefix}`;
    const token = getToken(getActiveEnvironment().id);
    decide({ url, token, response: fetch(url, { headers: { Accept: 'application/json', Authorization: `Token ${token}` } }), abort: () => undefined });

    renderRoute(<OrdersPage />, { path: '/orders', route: `/orders?q=${prefix}`, queryClient });
    const table = await screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 10_000 });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(sent).toEqual([url]);
    expect(listRequests()).toHaveLength(1);
    server.events.removeAllListeners();
  });

  test('behind a proxy (the server says so after the prefetch started) nothing is sent', async () => {
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, async () => {
        await held;
        return HttpResponse.json({ mode: 'proxy', service_origin: 'https://orders.example.com', service_host: 'orders.example.com' });
      }),
    );
    // Nothing answered yet: this test asks the server itself.
    setServerConfigForTests(null);
    const answered = loadServerConfig();
    const queryClient = createQueryClient(showAuthNotice);
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: '' });
    answer();
    await answered;
    await waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.error).toBeInstanceOf(NotASandboxError));
    expect(listRequests()).toEqual([]);
  });

  test('team mode (a page the console server did not render, e.g. /orders?q=): no personal sandbox list is asked for, no notice', async () => {
    server.use(
      http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, () => HttpResponse.json({ mode: 'team', auth: 'local' })),
      http.get(`${CONSOLE_ORIGIN}${ME_PATH}`, () =>
        HttpResponse.json({
          user: { email: 'agent@example.com' },
          grants: ['agent'],
          environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approval_threshold: null, sandbox: true, role: 'agent', permissions: ['read:order'] }],
        }),
      ),
    );
    const sent: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(`${CONSOLE_ORIGIN}/sandbox/`)) sent.push(request.url);
    });
    const notices: unknown[] = [];
    setServerConfigForTests(null);
    const answered = loadServerConfig();
    const queryClient = createQueryClient((error) => notices.push(error));
    await prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: '?q=ORD' });
    await answered;
    server.events.removeAllListeners();
    expect(sent).toEqual([]);
    expect(listRequests()).toEqual([]);
    expect(notices).toEqual([]);
  });

  test('sends nothing for another page, the local tab, or an environment without the sandbox list', async () => {
    const queryClient = createQueryClient(showAuthNotice);
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders/new', search: '' });
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: '?source=local' });
    environmentStore.save({ id: 'env-real', name: 'Real service', baseUrl: 'https://psp.example.com', production: false, sandbox: false, rememberToken: false });
    environmentStore.activate('env-real');
    void prefetchOrdersFirstPage(queryClient, { pathname: '/orders', search: '' });
    await Promise.resolve();
    expect(journal.getSnapshot()).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
