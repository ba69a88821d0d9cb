import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { sandboxPaths } from '../../contract/paths.ts';
import { ORDER_STATUSES } from '../../contract/schemas.ts';
import { answerOrderWith, orderBody, prepareOrderPageTests } from '../features/order-detail/test-support.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { renderApp } from '../test/render.tsx';

// A service that echoes the token it got (in an error, an order's field, a refusal's
// reason, a stored body) never gets it shown. One helper masks every answer where it arrives
// (api-client.ts); each place that shows a service's text is checked here.

prepareOrderPageTests();

const TOKEN = 'dev-token';
const ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const echo = (text: string) => `${text} (you sent Token ${TOKEN})`;

function expectNoToken() {
  expect(document.body.textContent).not.toContain(TOKEN);
}

describe('a token the service echoes is shown as ****', { timeout: 30_000 }, () => {
  test('the order page: an error answer', async () => {
    server.use(answerOrderWith(ID, { detail: echo('Order locked'), code: 'locked' }, 409));
    renderApp(`/orders/${ID}`);
    expect((await screen.findAllByText(/Order locked \(you sent Token \*\*\*\*\)/, undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expectNoToken();
  });

  test('the order page: an order whose fields echo it', async () => {
    server.use(answerOrderWith(ID, orderBody({ id: ID, external_id: `EXT-${TOKEN}` })));
    renderApp(`/orders/${ID}`);
    expect((await screen.findAllByText(/EXT-\*\*\*\*/, undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expectNoToken();
  });

  test('the orders list', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}${sandboxPaths.orders()}`, () => HttpResponse.json({ results: [orderBody({ id: ID, external_id: `EXT-${TOKEN}` })], next_cursor: null })));
    renderApp('/orders');
    expect((await screen.findAllByText(/EXT-\*\*\*\*/, undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expectNoToken();
  });

  test('the history and the sent request panels', async () => {
    server.use(
      answerOrderWith(ID, orderBody({ id: ID, status: 'activated' })),
      http.get(`${CONSOLE_ORIGIN}${sandboxPaths.orderEvents(ID)}`, () =>
        HttpResponse.json({
          results: [
            { id: 1, at: '2026-03-01T10:00:00Z', type: 'created', external_id: 'EXT-1', initial_amount: '120.00', status: 'new' },
            { id: 2, at: '2026-03-01T10:01:00Z', type: 'refund_refused', code: 'invalid_body', http_status: 400, reason: echo('amount: bad'), status: 'activated', request: { note: TOKEN } },
          ],
          next_cursor: null,
        }),
      ),
      http.get(`${CONSOLE_ORIGIN}${sandboxPaths.orderRequest(ID)}`, () => HttpResponse.json({ order_external_id: 'EXT-1', customer_data: { first_name: `Jana ${TOKEN}` } })),
    );
    renderApp(`/orders/${ID}`);
    const panel = await screen.findByRole('region', { name: 'History' }, { timeout: 15_000 });
    expect(await within(panel).findByText(/amount: bad \(you sent Token \*\*\*\*\)/)).toBeInTheDocument();
    expectNoToken();
  });

  test('the sandbox overview: the newest refusals', async () => {
    const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 23 * 3_600_000;
    server.use(
      http.get(`${CONSOLE_ORIGIN}${sandboxPaths.stats()}`, () =>
        HttpResponse.json({
          generated_at: new Date().toISOString(),
          orders: { count: 1, initial_amount: '1.00', current_amount: '1.00', refund_amount: '0.00' },
          by_status: ORDER_STATUSES.map((status) => ({ status, count: status === 'new' ? 1 : 0, initial_amount: status === 'new' ? '1.00' : '0.00' })),
          created_per_hour: Array.from({ length: 24 }, (_, i) => ({ hour: new Date(start + i * 3_600_000).toISOString(), count: 0 })),
          refunds: { count: 0, amount: '0.00', orders: 0 },
          refused_refunds: {
            count: 1,
            newest: [{ event_id: 7, at: '2026-03-01T10:00:00.000Z', order_id: ID, external_id: `EXT-${TOKEN}`, code: 'invalid_status', http_status: 409, reason: echo('Order is new.') }],
          },
        }),
      ),
    );
    renderApp('/overview');
    expect((await screen.findAllByText(/Order is new\. \(you sent Token \*\*\*\*\)/, undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    expectNoToken();
  });

  test("Settings' connection test", async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/psp/v2/order/:orderId/`, () => HttpResponse.json({ detail: echo('Invalid token.') }, { status: 401 })));
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { name: 'Connection settings' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Test connection to Local sandbox' }));
    await waitFor(() => expect(screen.getByText(/Invalid token\. \(you sent Token \*\*\*\*\)/)).toBeInTheDocument());
    expectNoToken();
  });
});
