import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { orderIndex } from '../orders/order-index.ts';
import { DEFAULT_ENVIRONMENT_ID } from '../../lib/environments.ts';
import { receiveOrder } from '../orders/order-record.ts';
import { answerOrderWith, input, moveOrder, orderBody, orderUrl, prepareOrderPageTests, readOrder, replace, seedOrder } from './test-support.ts';

prepareOrderPageTests();

describe('order page', () => {
  test('shows every field of the order, amounts with two decimals and the raw status', async () => {
    const order = await seedOrder('120.5', 'activated');
    renderApp(`/orders/${order.id}`);

    expect(await screen.findByTestId('order-status')).toHaveTextContent(/^activated$/);
    expect(screen.getByRole('heading', { name: `Order ${order.external_id}` })).toBeInTheDocument();
    expect(screen.getByTestId('amount-initial_amount')).toHaveTextContent('120.50');
    expect(screen.getByTestId('amount-refund_amount')).toHaveTextContent('0.00');
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('120.50');
    expect(screen.getByText(order.id)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy order ID' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy external ID' })).toBeInTheDocument();
    expect(screen.getByText('provider-pay')).toBeInTheDocument();
    const settled = await screen.findByTitle(order.date_settled);
    expect(settled).toHaveAttribute('datetime', order.date_settled);
    expect(settled.textContent).not.toBe('');
    expect(screen.getByText(/^Updated /)).toBeInTheDocument();
  });

  test('the refunded share is computed from the amounts', async () => {
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    server.use(answerOrderWith(id, orderBody({ id, initial_amount: '120.00', refund_amount: '10.00', current_amount: '110.00', status: 'activated' })));
    renderApp(`/orders/${id}`);

    expect(await screen.findByText('8.3 %')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Share of the initial amount refunded' })).toHaveAttribute('aria-valuenow', '8.3');
  });

  test('an http(s) redirect_url becomes an "Open checkout" link that opens a new tab without opener', async () => {
    const order = await seedOrder();
    renderApp(`/orders/${order.id}`);

    const link = await screen.findByRole('link', { name: /Open checkout/ });
    expect(link).toHaveAttribute('href', order.redirect_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test.each(['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'JaVaScRiPt:alert(1)'])(
    'a redirect_url like %s never becomes a link',
    async (url) => {
      const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
      server.use(answerOrderWith(id, orderBody({ id, redirect_url: url })));
      const { container } = renderApp(`/orders/${id}`);

      expect(await screen.findByText('Not a safe link')).toBeInTheDocument();
      expect(screen.getByText(url)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Open checkout/ })).not.toBeInTheDocument();
      const hrefs = [...container.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? '');
      // Only the console's own paths, and the shell's "Skip to content" (#main-content).
      expect(hrefs.filter((h) => !h.startsWith('/') && h !== '#main-content')).toEqual([]);
    },
  );

  test('an answer that differs from the documented order is shown with a notice listing what differs', async () => {
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    server.use(answerOrderWith(id, { ...orderBody({ id }), status: 'on_hold', initial_amount: 120 }));
    renderApp(`/orders/${id}`);

    const notice = await screen.findByText("The service's answer does not match the documented order");
    const alert = notice.closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(within(alert as HTMLElement).getByText(/^status:/)).toBeInTheDocument();
    expect(within(alert as HTMLElement).getByText(/^initial_amount:/)).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^on_hold$/);
    expect(screen.getByTestId('amount-initial_amount')).toHaveTextContent('120');
  });

  test.each([404])('D9: GET answering a DRF %i for an order seen before shows the last record with its age', async (status) => {
    const id = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 5_000).toISOString();
    orderIndex.remember(DEFAULT_ENVIRONMENT_ID, receiveOrder(orderBody({ id, status: 'activated', external_id: 'KEPT-1' }), fiveMinutesAgo));
    server.use(answerOrderWith(id, { detail: 'Nope.', code: 'x' }, status));
    renderApp(`/orders/${id}`);

    expect(await screen.findByText('Last received 5 minutes ago')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`answered HTTP ${status} .* cannot be asked for a fresher record`))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Order KEPT-1' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent('activated');
  });

  test.each([
    ['an HTML 404', () => new HttpResponse('<!doctype html><h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }), 404],
    ['a 405', () => HttpResponse.json({ detail: 'Method "GET" not allowed.' }, { status: 405 }), 405],
  ])('a service without a read (%s): status unknown, and a refund goes with a warning; its answer becomes the order shown', async (_label, respond, status) => {
    const order = await seedOrder('80.00', 'new');
    orderIndex.remember(DEFAULT_ENVIRONMENT_ID, receiveOrder(order, new Date(Date.now() - 60_000).toISOString()));
    server.use(http.get(orderUrl(order.id), respond));
    // The customer pays elsewhere: the console cannot learn it.
    await moveOrder(order.id, 'activated');
    const { user } = renderApp(`/orders/${order.id}`);

    const notice = await screen.findByRole('alert', { name: /Status unknown: this service cannot be asked/ });
    expect(notice).toHaveTextContent(`answered HTTP ${status} for the route itself (not "no such order")`);
    expect(screen.getByTestId('status-unknown')).toHaveTextContent('status unknown: this service cannot be asked');
    const refund = screen.getByRole('button', { name: 'Refund' });
    expect(refund).toBeEnabled();

    await user.click(refund);
    const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
    expect(within(dialog).getByText('The service decides whether this order can be refunded')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('last received: new');
    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    await replace(user, input(dialog, 'amount'), '30');
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The service's answer is the known state now.
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^activated$/));
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('50.00');
    expect(orderIndex.get(DEFAULT_ENVIRONMENT_ID, order.id)?.record.current_amount).toBe('50.00');
    expect((await readOrder(order.id)).refund_amount).toBe('30.00');
  });

  test('a fresh browser asking a service without a read is not told the order does not exist', async () => {
    const id = crypto.randomUUID();
    server.use(http.get(orderUrl(id), () => new HttpResponse('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } })));
    renderApp(`/orders/${id}`);

    expect(await screen.findByRole('heading', { name: 'This service cannot be asked for one order' })).toBeInTheDocument();
    expect(screen.getByText(/the order may well exist/)).toBeInTheDocument();
    expect(screen.queryByText(/The service has no order/)).toBeNull();
  });

  test('an unknown order id says the order is not found in the environment, with a way back', async () => {
    const id = crypto.randomUUID();
    const { user, router } = renderApp(`/orders/${id}`);

    expect(await screen.findByRole('heading', { name: 'Order not found in Local sandbox' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  });

  test('an id that is not a UUID is named as such, without asking the service', async () => {
    let asked = false;
    server.use(http.get(orderUrl('not-a-uuid'), () => {
      asked = true;
      return HttpResponse.json({}, { status: 404 });
    }));
    renderApp('/orders/not-a-uuid');

    expect(await screen.findByRole('heading', { name: 'Not an order ID' })).toBeInTheDocument();
    expect(screen.getByText('not-a-uuid')).toBeInTheDocument();
    expect(asked).toBe(false);
  });

  test('a 503 on opening shows its message and a retry, and keeps asking until the order loads by itself', async () => {
    const order = await seedOrder();
    server.use(http.get(orderUrl(order.id), () => HttpResponse.json({ detail: 'Database down', code: 'unavailable' }, { status: 503 }), { once: true }));
    renderApp(`/orders/${order.id}`);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The order could not be loaded yet');
    expect(alert).toHaveTextContent('HTTP 503: Database down The page keeps asking and shows the order as soon as the service answers.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    // No click: the next poll brings the order.
    expect(await screen.findByTestId('order-status', {}, { timeout: 6_000 })).toHaveTextContent('new');
  });

  test('an order on its way to activated is refreshed without reloading', async () => {
    const order = await seedOrder('50.00', 'accepted');
    renderApp(`/orders/${order.id}`);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('accepted');

    await moveOrder(order.id, 'activated');
    // No click, no reload: the page polls while the order is not final.
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^activated$/), { timeout: 6_000 });
  });

  test('Refresh asks the service again and remembers the order in the local index', async () => {
    const order = await seedOrder('50.00', 'activated');
    const { user } = renderApp(`/orders/${order.id}`);
    expect(await screen.findByTestId('order-status')).toHaveTextContent('activated');
    expect(orderIndex.get(DEFAULT_ENVIRONMENT_ID, order.id)?.record.status).toBe('activated');

    await moveOrder(order.id, 'error');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^error$/));
    expect(orderIndex.get(DEFAULT_ENVIRONMENT_ID, order.id)?.record.status).toBe('error');
  });
});
