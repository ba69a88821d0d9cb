import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { statusColor } from '../../components/status-badge.tsx';
import { renderRoute } from '../../test/render.tsx';
import { rowText } from './order-row.tsx';
import { CARD_QUERY, CARD_SLOT, OrdersTable } from './orders-table.tsx';
import { generatedRecord } from './test-support.ts';
import { recordClicksTakenOver } from '../../test/clicks-taken-over.ts';

const records = [
  generatedRecord(1, { external_id: 'ROW-ONE', status: 'activated' }).record,
  generatedRecord(2, { external_id: 'ROW-TWO', status: 'something-new' }).record,
];
const FIRST_ID = '00000000-0000-4000-8000-000000000001';

function renderTable() {
  return renderRoute(<OrdersTable label="Test orders" records={records} />, {
    path: '/orders',
    extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }],
  });
}

const bodyRows = () => within(screen.getByRole('table', { name: 'Test orders' })).getAllByRole('row').slice(1);

describe('orders table', { timeout: 30_000 }, () => {
  test('a plain click on an order link opens it in the app', async () => {
    const { user, router } = renderTable();
    await user.click(screen.getByRole('link', { name: 'ROW-ONE' }));
    expect(router.state.location.pathname).toBe(`/orders/${FIRST_ID}`);
    expect(await screen.findByText('Order detail')).toBeInTheDocument();
  });

  test('Enter on a focused order link opens it (the keyboard way in)', async () => {
    const { user, router } = renderTable();
    await user.tab();
    expect(screen.getByRole('link', { name: 'ROW-ONE' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/orders/${FIRST_ID}`);
  });

  test('a click with a modifier key (new tab, new window) is left to the browser', () => {
    const { router } = renderTable();
    const { takenOver, stop } = recordClicksTakenOver();
    try {
      const link = screen.getByRole('link', { name: 'ROW-ONE' });
      for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }]) fireEvent.click(link, modifier);
      expect(takenOver).toEqual([false, false, false, false]);
      expect(router.state.location.pathname).toBe('/orders');
      fireEvent.click(link);
      expect(takenOver.at(-1)).toBe(true);
      expect(router.state.location.pathname).toBe(`/orders/${FIRST_ID}`);
    } finally {
      stop();
    }
  });

  test('a click on the header row or the copy button opens nothing', async () => {
    const { user, router } = renderTable();
    await user.click(screen.getByRole('columnheader', { name: 'Status' }));
    await user.click(within(bodyRows()[0]!).getByRole('button', { name: `Copy order id ${FIRST_ID}` }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  test('the copy button says it copied, then goes back', async () => {
    const { user } = renderTable();
    const button = screen.getByRole('button', { name: `Copy order id ${FIRST_ID}` });
    expect(button).toHaveAttribute('title', 'Copy order id');
    await user.click(button);
    expect(await navigator.clipboard.readText()).toBe(FIRST_ID);
    await waitFor(() => expect(button).toHaveAttribute('title', 'Copied'));
    await waitFor(() => expect(button).toHaveAttribute('title', 'Copy order id'), { timeout: 3000 });
  });

  test('status badges: the raw status, coloured by its meaning, grey when undocumented', () => {
    renderTable();
    const [one, two] = bodyRows();
    expect(within(one!).getByTestId('order-row-status')).toHaveTextContent('activated');
    expect(within(one!).getByTestId('order-row-status')).toHaveAttribute('data-color', 'green');
    expect(within(two!).getByTestId('order-row-status')).toHaveTextContent('something-new');
    expect(within(two!).getByTestId('order-row-status')).toHaveAttribute('data-color', 'gray');
    expect(statusColor('refunded')).toBe('violet');
    expect(statusColor('toString')).toBe('gray');
  });

  test('rows carry order-row-status, never the order page\'s order-status (D10, issue 11)', () => {
    renderTable();
    expect(screen.queryAllByTestId('order-status')).toHaveLength(0);
    expect(screen.getAllByTestId('order-row-status')).toHaveLength(2);
  });

  test('the whole external id is the link\'s name and tooltip, however long (the cell wraps it)', () => {
    const long = 'EXT-'.padEnd(255, 'x');
    renderRoute(<OrdersTable label="Long" records={[generatedRecord(9, { external_id: long }).record]} />, { path: '/orders' });
    const link = screen.getByRole('link', { name: long });
    expect(link).toHaveAttribute('title', long);
  });

  test("a row's texts are worked out once per record", () => {
    const record = generatedRecord(3, { current_amount: '5' }).record;
    const first = rowText(record);
    expect(first.currentAmount).toBe('5.00');
    expect(rowText(record)).toBe(first);
    expect(rowText({ ...record })).not.toBe(first);
  });
});

describe('on a phone the rows are cards', { timeout: 30_000 }, () => {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const original: unknown = descriptor?.value;
  const realMatchMedia = (query: string): MediaQueryList => {
    if (typeof original !== 'function') throw new Error('no matchMedia');
    return Reflect.apply(original, window, [query]) as MediaQueryList;
  };
  afterEach(() => {
    if (descriptor !== undefined) Object.defineProperty(window, 'matchMedia', descriptor);
  });

  test(`each row takes a card's height (${CARD_SLOT} px) and the hidden header none`, () => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: (query: string) => ({ ...realMatchMedia(query), matches: query === CARD_QUERY }) });
    const many = Array.from({ length: 10 }, (_, i) => generatedRecord(i).record);
    renderRoute(<OrdersTable label="Cards" records={many} />, { path: '/orders' });
    const rows = within(screen.getByRole('table', { name: 'Cards' })).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveStyle({ transform: 'translateY(0px)' });
    expect(rows[1]).toHaveStyle({ transform: `translateY(${CARD_SLOT}px)` });
    // Status and both amounts are in every card, the amounts labelled.
    expect(within(rows[0]!).getByTestId('order-row-status')).toHaveTextContent('new');
    expect(within(rows[0]!).getAllByRole('cell').filter((cell) => cell.dataset['label'] !== undefined).map((cell) => cell.dataset['label'])).toEqual(['Current', 'Initial']);
  });

  test('on a wide window, table rows of 44 px under a 40 px header', () => {
    const many = Array.from({ length: 3 }, (_, i) => generatedRecord(i).record);
    renderRoute(<OrdersTable label="Rows" records={many} />, { path: '/orders' });
    const rows = within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('row').slice(1);
    expect(rows[1]).toHaveStyle({ transform: 'translateY(44px)' });
  });
});

describe('thousands of orders: only the rows in view are in the DOM', { timeout: 30_000 }, () => {
  test('the window follows the scroll, every row in its place, and the end of the loaded rows asks for more', () => {
    const many = Array.from({ length: 1000 }, (_, i) => generatedRecord(i).record);
    let nearEnd = 0;
    renderRoute(<OrdersTable label="Many" records={many} onNearEnd={() => (nearEnd += 1)} />, { path: '/orders' });
    const table = screen.getByRole('table', { name: 'Many' });
    const rowIndexes = () => within(table).getAllByRole('row').slice(1).map((row) => Number(row.getAttribute('aria-rowindex')));
    // 520 px of 44 px rows under the header, and 4 more below.
    expect(rowIndexes()).toEqual(Array.from({ length: 16 }, (_, i) => i + 2));
    expect(table).toHaveAttribute('aria-rowcount', '1001');
    expect(nearEnd).toBe(0);

    // Scrolled to row 500 (its top at 500 * 44 px below the header).
    table.scrollTop = 40 + 500 * 44;
    fireEvent.scroll(table);
    const shown = rowIndexes();
    expect(shown[0]).toBe(496 + 2);
    expect(shown).toContain(500 + 2);
    const row500 = within(table).getAllByRole('row').find((row) => row.getAttribute('aria-rowindex') === '502');
    expect(row500).toHaveStyle({ transform: `translateY(${500 * 44}px)` });
    expect(nearEnd).toBe(0);

    table.scrollTop = 40 + 990 * 44;
    fireEvent.scroll(table);
    expect(rowIndexes().at(-1)).toBe(1001);
    expect(nearEnd).toBeGreaterThan(0);
  });
});
