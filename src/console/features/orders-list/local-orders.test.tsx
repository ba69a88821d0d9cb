import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DEFAULT_ENVIRONMENT_ID } from '../../lib/environments.ts';
import { renderRoute } from '../../test/render.tsx';
import { orderIndex } from '../orders/order-index.ts';
import { receiveOrder } from '../orders/order-record.ts';
import { OrdersPage } from './orders-page.tsx';
import { generatedRecord, writeLocalIndex } from './test-support.ts';

function renderLocal(route = '/orders?source=local') {
  return renderRoute(<OrdersPage />, { path: '/orders', route, extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }] });
}

function remember(index: number, overrides: Parameters<typeof generatedRecord>[1] = {}) {
  const { record } = generatedRecord(index, overrides);
  orderIndex.remember(DEFAULT_ENVIRONMENT_ID, receiveOrder(record));
  return record;
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Orders opened in this browser' });
  return within(table).getAllByRole('row').slice(1);
}

// Generous ceilings: the first test of a file also loads the page's modules, slow on a busy machine.
describe('local list', { timeout: 30_000 }, () => {
  test('shows the indexed orders, most recently seen first, with formatted cells', async () => {
    remember(1, { external_id: 'FIRST', current_amount: '80.5', initial_amount: '120.00', status: 'activated' });
    remember(2, { external_id: 'SECOND', current_amount: 'not-money', status: 'mystery', date_settled: 'yesterday' });
    renderLocal();

    const rows = await screen.findAllByRole('row');
    expect(rows[0]).toHaveTextContent('External id');
    const [newest, older] = bodyRows();
    expect(newest).toHaveTextContent('SECOND');
    expect(older).toHaveTextContent('FIRST');
    // Amounts with two decimals; a value that is not an amount is shown as sent.
    expect(within(older!).getAllByRole('cell')[3]).toHaveTextContent('80.50');
    expect(within(newest!).getAllByRole('cell')[3]).toHaveTextContent('not-money');
    expect(within(older!).getByTestId('order-row-status')).toHaveTextContent('activated');
    expect(within(newest!).getByTestId('order-row-status')).toHaveTextContent('mystery');
    // Dates in the user's locale; text that is not a date as sent.
    const settled = within(older!).getAllByRole('cell')[5]!;
    expect(settled).toHaveTextContent('2026');
    expect(settled).not.toHaveTextContent('2026-03-01T10:00:00Z');
    expect(settled).toHaveAttribute('title', '2026-03-01T10:00:00Z');
    expect(within(newest!).getAllByRole('cell')[5]).toHaveTextContent('yesterday');
    // The short id keeps the full one in its title.
    expect(within(older!).getByTitle('00000000-0000-4000-8000-000000000001')).toHaveTextContent('00000000…');
    expect(screen.getByText('2 orders')).toBeInTheDocument();
  });

  test('a row links to its order page, and a click on the row opens it too', async () => {
    remember(7, { external_id: 'LINKED' });
    const { user, router } = renderLocal();

    const link = await screen.findByRole('link', { name: 'LINKED' });
    expect(link).toHaveAttribute('href', '/orders/00000000-0000-4000-8000-000000000007');
    // The copy button copies the full id and does not open the order.
    await user.click(screen.getByRole('button', { name: 'Copy order id 00000000-0000-4000-8000-000000000007' }));
    expect(await navigator.clipboard.readText()).toBe('00000000-0000-4000-8000-000000000007');
    expect(router.state.location.pathname).toBe('/orders');
    await user.click(within(bodyRows()[0]!).getAllByRole('cell')[5]!);
    expect(router.state.location.pathname).toBe('/orders/00000000-0000-4000-8000-000000000007');
    expect(await screen.findByText('Order detail')).toBeInTheDocument();
  });

  test('filters by status and by part of the id or external id, and can clear the filters', async () => {
    remember(1, { external_id: 'SHOP-A-1', status: 'activated' });
    remember(2, { external_id: 'SHOP-B-2', status: 'new' });
    remember(3, { external_id: 'SHOP-A-3', status: 'new' });
    const { user, router } = renderLocal();
    await screen.findByRole('table');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'new');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['SHOP-A-3', 'SHOP-B-2']);
    expect(router.state.location.search).toContain('status=new');

    const search = screen.getByRole('searchbox', { name: 'Order id or external id' });
    await user.type(search, 'shop-a');
    // The search applies once typing pauses.
    await screen.findByText('1 of 3 orders match', undefined, { timeout: 3000 });
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('SHOP-A-3');

    await user.clear(search);
    await user.click(search);
    await user.paste('000000000002');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('SHOP-B-2'), { timeout: 3000 });
    expect(bodyRows()).toHaveLength(1);

    await user.paste('zz');
    expect(await screen.findByRole('heading', { name: 'No orders match' }, { timeout: 3000 })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(search).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(bodyRows()).toHaveLength(3);
  });

  test('with nothing indexed, tells a new user how to start', async () => {
    const { user, router } = renderLocal();
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByText(/Orders you open or create in this browser appear here/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first order' })).toHaveAttribute('href', '/orders/new');
    await user.click(screen.getByRole('button', { name: 'Browse all sandbox orders' }));
    expect(router.state.location.search).toContain('source=sandbox');
  });

  test('renders only a window of 10,000 orders and follows the scroll', async () => {
    writeLocalIndex(
      DEFAULT_ENVIRONMENT_ID,
      Array.from({ length: 10_000 }, (_, i) => generatedRecord(i)),
    );
    renderLocal();

    const table = await screen.findByRole('table', { name: 'Orders opened in this browser' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.getByText('10000 orders')).toBeInTheDocument();
    const firstWindow = bodyRows();
    expect(firstWindow.length).toBeGreaterThan(5);
    expect(firstWindow.length).toBeLessThan(40);
    expect(firstWindow[0]).toHaveTextContent('GEN-00000');

    // Scroll to row 5000 (44 px rows): the rows around it replace the first ones.
    act(() => {
      table.scrollTop = 5000 * 44;
      fireEvent.scroll(table);
    });
    const texts = bodyRows().map((r) => r.textContent ?? '');
    expect(texts.some((t) => t.includes('GEN-05000'))).toBe(true);
    expect(texts.some((t) => t.includes('GEN-00000'))).toBe(false);
    expect(bodyRows().length).toBeLessThan(40);
    expect(within(table).getByText('GEN-05000').closest('[role="row"]')).toHaveAttribute('aria-rowindex', '5002');
  });
});
