import { screen, waitFor, within } from '@testing-library/react';
import { bypass, http } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../../test/msw-server.ts';
import { renderApp } from '../../../test/render.tsx';
import { prepareOrderPageTests } from '../test-support.ts';
import { approveAtCheckout, createFullOrder, refundAround, loadHistoryPanel } from './history-support.ts';

prepareOrderPageTests();
beforeAll(loadHistoryPanel);

function historyPanel(): HTMLElement {
  return screen.getByRole('region', { name: 'History' });
}

function steps(order: 'newest' | 'oldest'): string[] {
  const list = within(historyPanel()).getByRole('list', { name: `Timeline, ${order} first` });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-kind') ?? '');
}

describe('order history from the sandbox', () => {
  test('a history longer than one page is read to its end: the console follows next_cursor', async () => {
    const order = await createFullOrder();
    await approveAtCheckout(order.id);
    expect(await refundAround(order.id, '20.50', 1)).toBe(200);
    expect(await refundAround(order.id, '500.00', 2)).toBe(400);
    // The real sandbox, asked for pages of 2 events whatever the console asks for.
    const asked: string[] = [];
    server.use(
      http.get(`${CONSOLE_ORIGIN}/sandbox/orders/:id/events`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        url.searchParams.set('limit', '2');
        return fetch(bypass(new Request(new URL(url.pathname + url.search, SANDBOX_URL), { headers: request.headers })));
      }),
    );
    renderApp(`/orders/${order.id}`);
    await screen.findByRole('list', { name: 'Timeline, newest first' });
    await waitFor(() => expect(steps('newest')).toEqual(['refused', 'refunded', 'status', 'created']));
    expect(asked.some((search) => search.includes('cursor='))).toBe(true);
  });

  test('the timeline tells the story: created, moved at checkout, refunded, refused and why; newest or oldest first', async () => {
    const order = await createFullOrder();
    await approveAtCheckout(order.id);
    expect(await refundAround(order.id, '20.50', 1)).toBe(200);
    expect(await refundAround(order.id, '500.00', 2)).toBe(400);
    const { user, unmount } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('Order created')).toBeInTheDocument();
    expect(within(panel).getByText('Recorded by the sandbox')).toBeInTheDocument();
    expect(steps('newest')).toEqual(['refused', 'refunded', 'status', 'created']);
    expect(within(panel).getByText('Moved by the customer at checkout')).toBeInTheDocument();
    expect(within(panel).getByText('Refund refused (HTTP 400, invalid_amount)')).toBeInTheDocument();
    expect(within(panel).getByText("amount: Must not exceed the order's current amount (100.00)")).toBeInTheDocument();
    expect(within(panel).getByText(/"amount": "500.00"/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('radio', { name: 'Oldest first' }));
    expect(steps('oldest')).toEqual(['created', 'status', 'refunded', 'refused']);

    // The agent's choice stays for the next order page opened on this device.
    unmount();
    renderApp(`/orders/${order.id}`);
    await screen.findByRole('list', { name: 'Timeline, oldest first' });
    expect(steps('oldest')).toEqual(['created', 'status', 'refunded', 'refused']);
  });

  test('the refunds table lists every refund with its amounts after it, and its sum matches the record', async () => {
    const order = await createFullOrder();
    await approveAtCheckout(order.id);
    expect(await refundAround(order.id, '20.50', 1)).toBe(200);
    expect(await refundAround(order.id, '100.00', 3)).toBe(200);
    const { user } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    await user.click(await within(panel).findByRole('tab', { name: 'Refunds (2)' }));
    const table = within(panel).getByRole('table', { name: 'Refunds, oldest first' });
    const rows = within(table).getAllByTestId('refund-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [expect.any(String), '20.50', `RF-1-${order.id.slice(0, 8)}`, 'REFUND-1', 'CZ6508000000192000145399', '20.50', '100.00'],
      [expect.any(String), '100.00', `RF-3-${order.id.slice(0, 8)}`, 'REFUND-3', 'CZ6508000000192000145399', '120.50', '0.00'],
    ]);
    expect(within(table).getByTestId('refunds-sum')).toHaveTextContent('120.50');
    expect(within(panel).getByTestId('refunds-check')).toHaveTextContent("The refunds add up to the order's refunded amount (120.50).");
  });

  test('what was sent: customer, items with line totals, transaction history, return URL as a safe link', async () => {
    const order = await createFullOrder();
    const { user } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    await user.click(await within(panel).findByRole('tab', { name: 'What was sent' }));
    expect(await within(panel).findByText('The create request exactly as the sandbox received it.')).toBeInTheDocument();
    expect(within(panel).getByText('eva.tester@example.test')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('line-total').map((cell) => cell.textContent)).toEqual(['90.50', '30.00']);
    expect(within(panel).getByTestId('items-total')).toHaveTextContent('120.50');
    const transactions = within(panel).getByRole('table', { name: 'Transaction history as sent' });
    expect(within(transactions).getByText('TX-0001')).toBeInTheDocument();
    expect(within(transactions).getByText('99.90')).toBeInTheDocument();
    const link = within(panel).getByRole('link', { name: /shop\.example\/return\?cart=42/ });
    expect(link).toHaveAttribute('href', 'https://shop.example/return?cart=42');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('the timeline follows the order: a move at checkout shows up without a reload', async () => {
    const order = await createFullOrder();
    renderApp(`/orders/${order.id}`);
    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('Order created')).toBeInTheDocument();
    expect(within(panel).queryByText('Moved by the customer at checkout')).not.toBeInTheDocument();

    await approveAtCheckout(order.id);

    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^activated$/), { timeout: 10_000 });
    expect(await within(panel).findByText('Moved by the customer at checkout', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(steps('newest')).toEqual(['status', 'created']);
  });

  test('Copy summary puts ids, status, amounts and refunds on the clipboard, the account masked', async () => {
    const order = await createFullOrder();
    await approveAtCheckout(order.id);
    expect(await refundAround(order.id, '20.50', 1)).toBe(200);
    const { user } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    await within(panel).findByText('Order created');
    await user.click(within(panel).getByRole('button', { name: 'Copy summary' }));
    expect(await within(panel).findByRole('button', { name: 'Summary copied' })).toBeInTheDocument();

    const text = await navigator.clipboard.readText();
    expect(text).toContain(`Order ID: ${order.id}`);
    expect(text).toContain('Status: activated');
    expect(text).toContain('Refunded: 20.50');
    expect(text).toContain('Current amount: 100.00');
    expect(text).toMatch(/20\.50 {2}payment RF-1-\S+ {2}refund external id REFUND-1 {2}to account …5399/);
    expect(text).not.toContain('CZ6508000000192000145399');
    expect(text).not.toContain('eva.tester@example.test');
  });
});
