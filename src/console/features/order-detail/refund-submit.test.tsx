import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { orderServicePaths } from '../../../contract/paths.ts';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { input, moveOrder, orderUrl, prepareOrderPageTests, readOrder, refundUrl, replace, seedOrder, seedRefund } from './test-support.ts';

prepareOrderPageTests();

// Refund requests the console sent (its own origin only: the delegation to the sandbox is not counted).
const refundBodies: unknown[] = [];
function countRefunds({ request }: { request: Request }) {
  const url = new URL(request.url);
  if (request.method === 'POST' && url.origin === CONSOLE_ORIGIN && url.pathname.endsWith('/refund/')) {
    void request
      .clone()
      .json()
      .then((body: unknown) => refundBodies.push(body));
  }
}

afterEach(() => {
  server.events.removeListener('request:start', countRefunds);
  refundBodies.length = 0;
});

/** Opens the dialog, asks for a refund of `amount` (the full current amount when left out) and stops at the confirmation step. */
async function reviewRefund(orderId: string, amount?: string) {
  const rendered = renderApp(`/orders/${orderId}`);
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
  if (amount !== undefined) {
    await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
    await replace(user, input(dialog, 'amount'), amount);
  }
  await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
  await replace(user, input(dialog, 'external_id'), `R-${crypto.randomUUID().slice(0, 8)}`);
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  const confirm = await within(dialog).findByRole('button', { name: 'Confirm refund' });
  return { ...rendered, dialog, confirm };
}

/** The refund reaches the sandbox, but its answer is lost on the way back. */
const answerLost = (orderId: string) =>
  http.post(refundUrl(orderId), async ({ request }) => {
    const target = new URL(orderServicePaths.orderRefund(orderId), SANDBOX_URL);
    await fetch(bypass(new Request(target, { method: 'POST', headers: request.headers, body: await request.arrayBuffer() })));
    return HttpResponse.error();
  });

describe('refund: pessimistic sending', () => {
  test('a double click on Confirm refund sends one request', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { confirm } = await reviewRefund(order.id, '10');
    server.events.on('request:start', countRefunds);

    // Two clicks in the same tick, before React can re-render the button as disabled: the worst case of a double click.
    fireEvent.click(confirm);
    fireEvent.click(confirm);

    expect(await screen.findByText('Refunded 10.00 · 110.00 remains')).toBeInTheDocument();
    expect(refundBodies).toHaveLength(1);
    expect((await readOrder(order.id)).refund_amount).toBe('10.00');
  });

  test('a partial refund updates the amounts and keeps the order activated', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, confirm } = await reviewRefund(order.id, '10');
    await user.click(confirm);

    expect(await screen.findByText('Refunded 10.00 · 110.00 remains')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('amount-refund_amount')).toHaveTextContent('10.00');
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('110.00');
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^activated$/);
    expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled();
  });

  test('a full refund makes the order refunded and the button disabled', async () => {
    const order = await seedOrder('75.25', 'activated');
    const { user, confirm } = await reviewRefund(order.id);
    await user.click(confirm);

    expect(await screen.findByText('Refunded 75.25 · 0.00 remains')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent(/^refunded$/));
    expect(screen.getByTestId('amount-current_amount')).toHaveTextContent('0.00');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeDisabled();
    expect(screen.getByText('Refunds are possible only for activated orders (this order is refunded)')).toBeVisible();
  });
});

describe('refund: a lost answer is checked before anything else', () => {
  test('a network error, then the order shows nothing was refunded: "did not go through", retry with the same payment identifier', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog, confirm } = await reviewRefund(order.id, '10');
    server.events.on('request:start', countRefunds);
    server.use(http.post(refundUrl(order.id), () => HttpResponse.error(), { once: true }));

    await user.click(confirm);

    expect(await within(dialog).findByText('The refund did not go through; you can try again')).toBeInTheDocument();
    expect((await readOrder(order.id)).refund_amount).toBe('0.00');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));

    expect(await screen.findByText('Refunded 10.00 · 110.00 remains')).toBeInTheDocument();
    expect(refundBodies).toHaveLength(2);
    const [first, second] = refundBodies;
    expect(second).toEqual(first);
    expect((await readOrder(order.id)).refund_amount).toBe('10.00');
  });

  test('the refund reached the service but its answer was lost: "went through", and nothing is offered to resend', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog, confirm } = await reviewRefund(order.id, '10');
    server.use(answerLost(order.id));

    await user.click(confirm);

    expect(await within(dialog).findByText('The refund went through: refunded amount is now 10.00')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
    expect(screen.getByTestId('amount-refund_amount')).toHaveTextContent('10.00');
    // The dialog's x is named Close too; this is the visible Close button.
    await user.click(within(dialog).getByText('Close', { selector: 'button span' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await readOrder(order.id)).refund_amount).toBe('10.00');
  });

  test('when the order cannot be read either, the outcome is unknown and resending waits for a successful check', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog, confirm } = await reviewRefund(order.id, '10');
    server.use(answerLost(order.id), http.get(orderUrl(order.id), () => HttpResponse.error()));

    await user.click(confirm);

    expect(await within(dialog).findByText('The outcome of the refund is unknown')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('The outcome of the refund is unknown')).toBeInTheDocument();

    server.resetHandlers();
    await user.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('The refund went through: refunded amount is now 10.00')).toBeInTheDocument();
  });
});

describe('refund: the service says no', () => {
  test('409: the order is no longer activated; the dialog says why and the page shows the new status', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog, confirm } = await reviewRefund(order.id, '10');
    await moveOrder(order.id, 'error');

    await user.click(confirm);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The service refused the refund (HTTP 409)');
    expect(alert).toHaveTextContent('Order is error; refunds are possible only for activated orders.');
    // The order was read again at once: the dialog and the page say it is no longer refundable.
    expect(await within(alert).findByText(/it is now error, so it cannot be refunded/)).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(/^error$/);
    expect((await readOrder(order.id)).refund_amount).toBe('0.00');
  });

  test('400: a payment identifier already used on the order is shown on its field', async () => {
    const order = await seedOrder('120.00', 'activated');
    await seedRefund(order.id, '5.00', 'RF-USED-ONCE');
    const rendered = renderApp(`/orders/${order.id}`);
    const { user } = rendered;
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
    await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
    await replace(user, input(dialog, 'external_id'), 'R-2');
    await replace(user, input(dialog, 'payment_identifier'), 'RF-USED-ONCE');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));

    expect(await within(dialog).findByText('A refund with this payment identifier already exists for this order.')).toBeInTheDocument();
    expect(input(dialog, 'payment_identifier')).toHaveAttribute('aria-invalid', 'true');
    expect(input(dialog, 'payment_identifier')).toHaveValue('RF-USED-ONCE');
    expect((await readOrder(order.id)).refund_amount).toBe('5.00');
  });

  test('any other answer is shown above the form', async () => {
    const order = await seedOrder('120.00', 'activated');
    const { user, dialog, confirm } = await reviewRefund(order.id, '10');
    server.use(http.post(refundUrl(order.id), () => HttpResponse.json({ detail: 'Refunds are paused', code: 'paused' }, { status: 423 })));

    await user.click(confirm);

    const alert = await within(dialog).findByRole('alert');
    expect(await within(alert).findByText('Refunds are paused')).toBeInTheDocument();
    // The status once, in the title (it was said twice).
    expect(alert.textContent?.match(/HTTP 423/g)).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Review refund' })).toBeEnabled();
  });
});
