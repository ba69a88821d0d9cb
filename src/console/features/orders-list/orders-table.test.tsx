import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
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

  test('rows carry order-row-status, never the order page\'s order-status (D10)', () => {
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

describe('scrolling reuses the rows: a row coming into view takes the elements of one that went', { timeout: 30_000 }, () => {
  const many = Array.from({ length: 1000 }, (_, i) => generatedRecord(i).record);
  const scrollTo = (table: HTMLElement, row: number) => {
    table.scrollTop = row === 0 ? 0 : 40 + row * 44;
    fireEvent.scroll(table);
  };
  const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
  const linkOf = (index: number) => screen.getByRole('link', { name: `GEN-${String(index).padStart(5, '0')}` });

  test('a whole window on, the same row elements show the new orders, each in its place', () => {
    renderRoute(<OrdersTable label="Many" records={many} />, { path: '/orders' });
    const table = screen.getByRole('table', { name: 'Many' });
    const before = rowsOf(table);
    scrollTo(table, 500);
    const after = rowsOf(table);
    // A scrollbar drag: nothing of the first window is in view, yet no row element was built anew.
    expect(after.map((row) => row.getAttribute('aria-rowindex'))).toEqual(Array.from({ length: 20 }, (_, i) => String(496 + i + 2)));
    expect(after.filter((row) => !before.includes(row))).toHaveLength(after.length - before.length);
    const row500 = after.find((row) => row.getAttribute('aria-rowindex') === '502');
    expect(row500).toHaveStyle({ transform: `translateY(${500 * 44}px)` });
    expect(within(row500!).getByRole('link')).toHaveAccessibleName('GEN-00500');
    expect(within(row500!).getByRole('link')).toHaveAttribute('href', `/orders/${many[500]?.id}`);
    expect(within(row500!).getByRole('button')).toHaveAccessibleName(`Copy order id ${many[500]?.id}`);
  });

  test('a focused order stays focused and the same order when the list scrolls it away and back; Enter opens it', async () => {
    const { user, router } = renderRoute(<OrdersTable label="Many" records={many} />, {
      path: '/orders',
      extraRoutes: [{ path: '/orders/:orderId', element: <p>Order detail</p> }],
    });
    const table = screen.getByRole('table', { name: 'Many' });
    const link = linkOf(2);
    link.focus();
    scrollTo(table, 500);
    // Still rendered (out of view), still the order the keyboard chose.
    expect(document.activeElement).toBe(link);
    expect(link).toHaveAccessibleName('GEN-00002');
    expect(link.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '4');
    expect(rowsOf(table)[0]).toHaveAttribute('aria-rowindex', '4');
    scrollTo(table, 0);
    expect(document.activeElement).toBe(link);
    expect(linkOf(2)).toBe(link);
    scrollTo(table, 700);
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe(`/orders/${many[2]?.id}`);
  });

  test('a new order on top shifts every row: each order keeps its elements, so the focus stays on its order', () => {
    let addOnTop = () => undefined as void;
    function Shifting() {
      const [records, setRecords] = useState(many.slice(0, 50));
      addOnTop = () => setRecords((current) => [generatedRecord(5000, { external_id: 'NEW-ON-TOP' }).record, ...current]);
      return <OrdersTable label="Shifting" records={records} />;
    }
    renderRoute(<Shifting />, { path: '/orders' });
    const link = linkOf(3);
    link.focus();
    act(() => addOnTop());
    expect(document.activeElement).toBe(link);
    expect(link).toHaveAccessibleName('GEN-00003');
    expect(link.closest('[role="row"]')).toHaveAttribute('aria-rowindex', '6');
    expect(screen.getByRole('link', { name: 'NEW-ON-TOP' }).closest('[role="row"]')).toHaveAttribute('aria-rowindex', '2');
  });

  test('"Copied" stays with the order copied: scrolled, the row elements showing another order say "Copy order id"', async () => {
    const { user } = renderRoute(<OrdersTable label="Many" records={many} />, { path: '/orders' });
    const table = screen.getByRole('table', { name: 'Many' });
    const button = screen.getByRole('button', { name: `Copy order id ${many[0]?.id}` });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('title', 'Copied'));
    // The click focused the button, which keeps its row rendered (the test above); the focus moves on.
    act(() => button.blur());
    scrollTo(table, 500);
    expect(rowsOf(table)).toContain(button.closest('[role="row"]'));
    expect(button).not.toHaveAccessibleName(`Copy order id ${many[0]?.id}`);
    expect(button).toHaveAttribute('title', 'Copy order id');
    expect(within(table).queryAllByTitle('Copied')).toEqual([]);
    scrollTo(table, 0);
    expect(screen.getByRole('button', { name: `Copy order id ${many[0]?.id}` })).toHaveAttribute('title', 'Copied');
  });
});
