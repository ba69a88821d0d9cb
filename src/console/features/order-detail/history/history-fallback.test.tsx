import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths } from '../../../../contract/paths.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { environmentStore, getActiveEnvironment, setToken } from '../../../lib/environments.ts';
import { journal } from '../../../lib/journal.ts';
import { CONSOLE_ORIGIN, server } from '../../../test/msw-server.ts';
import { renderApp } from '../../../test/render.tsx';
import { receiveOrder } from '../../orders/order-record.ts';
import { prepareOrderPageTests } from '../test-support.ts';
import { approveAtCheckout, createFullOrder, fullCreateBody, loadHistoryPanel } from './history-support.ts';

prepareOrderPageTests();
beforeAll(loadHistoryPanel);

/** A real service: no sandbox control API, no history routes (they are never asked). */
function useRealService(): void {
  environmentStore.save({ id: 'staging', name: 'Staging', baseUrl: '', production: false, sandbox: false, rememberToken: false });
  setToken('staging', 'dev-token');
  environmentStore.activate('staging');
}

/** The create and the refunds this browser sends itself, through the console's client (so its journal has them). */
async function createHere(): Promise<string> {
  const answer = await apiRequest(getActiveEnvironment(), { method: 'POST', path: orderServicePaths.orderCreate(), body: fullCreateBody() });
  return receiveOrder(answer.data).record.id;
}

async function refundHere(orderId: string, amount: string, n: number): Promise<void> {
  const body = { amount, destination_account_number: 'CZ6508000000192000145399', payment_identifier: `RF-HERE-${n}-${orderId.slice(0, 8)}`, external_id: `REFUND-HERE-${n}` };
  await apiRequest(getActiveEnvironment(), { method: 'POST', path: orderServicePaths.orderRefund(orderId), body }).catch(() => undefined);
}

const EVENTS_ROUTE = `${CONSOLE_ORIGIN}/sandbox/orders/:id/events`;

/** Counts the calls to the sandbox's history route (answered as the sandbox would, 404 for a non-owner aside). */
function countHistoryCalls(): { events: number } {
  const calls = { events: 0 };
  server.use(
    http.get(EVENTS_ROUTE, () => {
      calls.events += 1;
      return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
  );
  return calls;
}

describe('order history without the sandbox', () => {
  test("a real service: the panels are built from this browser's calls (kept across a reload), marked as such, and the sandbox is never asked", async () => {
    useRealService();
    const calls = countHistoryCalls();
    const id = await createHere();
    await approveAtCheckout(id);
    await refundHere(id, '20.50', 1);
    await refundHere(id, '500.00', 2);
    // The tab is reloaded: its journal, and so this history, is still there.
    journal.reload();
    const { user } = renderApp(`/orders/${id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('Order created')).toBeInTheDocument();
    expect(within(panel).getAllByText('Seen from this browser').length).toBeGreaterThan(0);
    expect(within(panel).getByText(/This service keeps no history the console can read/)).toBeInTheDocument();
    expect(within(panel).getByText(/^Refund refused \(HTTP 400\)$/)).toBeInTheDocument();
    expect(within(panel).getByText(/Must not exceed the order's current amount \(100\.00\)/)).toBeInTheDocument();
    // The move at checkout happened elsewhere: the refund's answer is the first time this browser saw it.
    expect(within(panel).getByText(/^Seen changed by this browser between two reads/)).toBeInTheDocument();

    await user.click(within(panel).getByRole('tab', { name: 'Refunds (1)' }));
    expect(within(panel).getByTestId('refunds-sum')).toHaveTextContent('20.50');
    expect(within(panel).getByTestId('refunds-check')).toHaveTextContent("The refunds add up to the order's refunded amount (20.50).");

    await user.click(within(panel).getByRole('tab', { name: 'What was sent' }));
    expect(within(panel).getByText(/^The create request as this browser sent it at /)).toBeInTheDocument();
    expect(within(panel).getAllByTestId('line-total').map((cell) => cell.textContent)).toEqual(['90.50', '30.00']);
    expect(calls.events).toBe(0);
  });

  test('an hour of the order page polling, and other pages read meanwhile, push out nothing this browser did', async () => {
    useRealService();
    countHistoryCalls();
    const id = await createHere();
    await approveAtCheckout(id);
    await refundHere(id, '20.50', 1);
    // The order page's polls (6 reads a minute for an hour, the same answer, as the client records them),
    // and other pages read meanwhile, each answer of its own: more reads than the journal keeps.
    for (let i = 0; i < 360; i += 1) {
      await apiRequest(getActiveEnvironment(), { method: 'GET', path: orderServicePaths.orderRead(id) });
      if (i >= 250) continue;
      const entry = journal.start({ startedAt: new Date().toISOString(), method: 'GET', url: `${CONSOLE_ORIGIN}/sandbox/orders?q=${i}`, path: '/sandbox/orders', environmentName: 'Staging', requestHeaders: {}, requestBody: null });
      journal.finish(entry, { status: 200, durationMs: 3, responseBody: `{"results":[],"n":${i}}`, error: null });
    }
    journal.reload();
    const { user } = renderApp(`/orders/${id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('Order created')).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'Refunds (1)' }));
    expect(within(panel).getByTestId('refunds-check')).toHaveTextContent("The refunds add up to the order's refunded amount (20.50).");
    const polls = journal.getSnapshot().filter((entry) => entry.path === orderServicePaths.orderRead(id));
    expect(polls.reduce((sum, entry) => sum + 1 + (entry.repeats ?? 0), 0)).toBeGreaterThanOrEqual(360);
    expect(polls.length).toBeLessThanOrEqual(3);
  });

  test('an order this browser did not create: an honest empty state, and no sent body invented', async () => {
    useRealService();
    const order = await createFullOrder();
    const { user } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByTestId('timeline-empty')).toHaveTextContent(/Nothing seen from this browser/);
    await user.click(within(panel).getByRole('tab', { name: 'Refunds (0)' }));
    expect(within(panel).getByText('No refund of this order was sent from this browser.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('tab', { name: 'What was sent' }));
    expect(within(panel).getByTestId('sent-empty')).toHaveTextContent(/What was sent is not known here/);
  });

  test('a sandbox without the history routes (404): the same panels from this browser, saying why', async () => {
    server.use(http.get(EVENTS_ROUTE, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const id = await createHere();
    renderApp(`/orders/${id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText(/The sandbox answered HTTP 404 for this order's history/)).toBeInTheDocument();
    expect(within(panel).getByText('Order created')).toBeInTheDocument();
    expect(within(panel).queryByText('Recorded by the sandbox')).not.toBeInTheDocument();
  });

  test('a history answer that is no list of events: said, with Try again', async () => {
    let answers = 0;
    server.use(
      http.get(EVENTS_ROUTE, () => {
        answers += 1;
        return HttpResponse.json({ events: 'nope' });
      }),
    );
    const order = await createFullOrder();
    const { user } = renderApp(`/orders/${order.id}`);

    const panel = await screen.findByRole('region', { name: 'History' });
    expect(await within(panel).findByText('Could not read the history')).toBeInTheDocument();
    expect(within(panel).getByText(/not a history/)).toBeInTheDocument();
    const before = answers;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    await within(panel).findByText('Could not read the history');
    expect(answers).toBeGreaterThan(before);
  });
});
