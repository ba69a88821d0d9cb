import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { environmentStore } from '../../lib/environments.ts';
import { journal } from '../../lib/journal.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { OrdersPage } from './orders-page.tsx';
import { generatedRecord, seedSandboxOrder, uniquePrefix } from './test-support.ts';

const LIST_URL = `${CONSOLE_ORIGIN}/sandbox/orders`;

function renderOrders(route: string) {
  return renderRoute(<OrdersPage />, { path: '/orders', route, extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }] });
}

function sandboxTable() {
  return screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 5000 });
}

function externalIds(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
}

function listRequests() {
  return journal
    .getSnapshot()
    .filter((e) => e.path === '/sandbox/orders')
    .map((e) => new URL(e.url).searchParams);
}

// Generous ceilings: the first test of a file also loads the page's modules, slow on a busy machine.
describe('sandbox list', { timeout: 30_000 }, () => {
  test('is the default tab in a sandbox and shows the seeded orders, newest first', async () => {
    const prefix = uniquePrefix('LIST');
    await seedSandboxOrder(`${prefix}-1`, '10.00');
    await seedSandboxOrder(`${prefix}-2`, '20.5');
    await seedSandboxOrder(`${prefix}-3`, '30.00', 'activated');
    renderOrders(`/orders?q=${prefix}`);

    expect(screen.getByRole('tab', { name: 'All sandbox orders' })).toHaveAttribute('aria-selected', 'true');
    const table = await sandboxTable();
    expect(externalIds(table)).toEqual([`${prefix}-3`, `${prefix}-2`, `${prefix}-1`]);
    const activated = within(table).getAllByRole('row')[1]!;
    expect(within(activated).getByTestId('order-row-status')).toHaveTextContent('activated');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('20.50');
    expect(screen.getByText('Loaded 3 orders (all)')).toBeInTheDocument();
    expect(listRequests()[0]?.get('q')).toBe(prefix);
    expect(listRequests()[0]?.get('limit')).toBe('200');
  });

  test('one order is counted as one order', async () => {
    const prefix = uniquePrefix('ONE');
    await seedSandboxOrder(`${prefix}-1`, '10.00');
    renderOrders(`/orders?q=${prefix}`);
    await sandboxTable();
    expect(screen.getByText('Loaded 1 order (all)')).toBeInTheDocument();
  });

  test('the status filter and the search are sent to the server', async () => {
    const prefix = uniquePrefix('FILTER');
    await seedSandboxOrder(`${prefix}-new`, '10.00');
    await seedSandboxOrder(`${prefix}-done`, '10.00', 'activated');
    await seedSandboxOrder(`${prefix}-gone`, '10.00', 'canceled');
    const { user } = renderOrders('/orders');
    await screen.findByRole('table', { name: 'All sandbox orders' }, { timeout: 5000 });

    const search = screen.getByRole('searchbox', { name: 'Order id or external id' });
    await user.click(search);
    await user.paste(prefix);
    await waitFor(() => expect(externalIds(screen.getByRole('table'))).toHaveLength(3), { timeout: 5000 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'activated');
    await waitFor(() => expect(externalIds(screen.getByRole('table'))).toEqual([`${prefix}-done`]), { timeout: 5000 });
    const last = listRequests()[0];
    expect(last?.get('status')).toBe('activated');
    expect(last?.get('q')).toBe(prefix);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'refunded');
    expect(await screen.findByRole('heading', { name: 'No orders match' }, { timeout: 5000 })).toBeInTheDocument();
  });

  test('loads the next page when the user scrolls near the end', async () => {
    const all = Array.from({ length: 250 }, (_, i) => generatedRecord(i).record);
    server.use(
      http.get(LIST_URL, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'page-2'
          ? HttpResponse.json({ results: all.slice(200), next_cursor: null })
          : HttpResponse.json({ results: all.slice(0, 200), next_cursor: 'page-2' });
      }),
    );
    renderOrders('/orders');
    const table = await sandboxTable();
    expect(screen.getByText('Loaded 200 orders')).toBeInTheDocument();
    expect(listRequests()).toHaveLength(1);

    act(() => {
      table.scrollTop = 190 * 44;
      fireEvent.scroll(table);
    });
    expect(await screen.findByText('Loaded 250 orders (all)', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(listRequests()[0]?.get('cursor')).toBe('page-2');
    expect(table).toHaveAttribute('aria-rowcount', '251');
  });

  test('an error is shown with the service message, and Retry asks again', async () => {
    server.use(http.get(LIST_URL, () => HttpResponse.json({ detail: 'Database is asleep', code: 'server_error' }, { status: 503 }), { once: true }));
    const prefix = uniquePrefix('RETRY');
    await seedSandboxOrder(`${prefix}-1`, '10.00');
    const { user } = renderOrders(`/orders?q=${prefix}`);

    const alert = await screen.findByRole('alert', undefined, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load the sandbox orders');
    expect(alert).toHaveTextContent('HTTP 503: Database is asleep');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(externalIds(await sandboxTable())).toEqual([`${prefix}-1`]);
  });

  test('an empty sandbox invites the user to create an order', async () => {
    server.use(http.get(LIST_URL, () => HttpResponse.json({ results: [], next_cursor: null })));
    renderOrders('/orders');
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first order' })).toHaveAttribute('href', '/orders/new');
  });

  test('outside a sandbox there is no sandbox tab and no call to the sandbox API', async () => {
    environmentStore.save({ id: 'staging', name: 'Staging', baseUrl: 'https://orders.example.com', production: false, sandbox: false, rememberToken: false });
    environmentStore.activate('staging');
    renderOrders('/orders?source=sandbox');

    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText(/This service has no list of all orders/)).toBeInTheDocument();
    expect(journal.getSnapshot()).toHaveLength(0);
  });
});
