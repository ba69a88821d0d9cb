import { configure, screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { orderEventsResponseSchema } from '../../../contract/history.ts';
import { sandboxPaths } from '../../../contract/paths.ts';
import { bulkRunSchema } from '../../../contract/bulk-run-model.ts';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { SANDBOX_URL, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { readOrder, refundUrl, replace, seedOrder, seedRefund } from '../order-detail/test-support.ts';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });
beforeAll(async () => {
  await import('./bulk-refunds-page.tsx');
});

const PAGE_LOAD = { timeout: 10_000 };
const RUN_KEY = 'order-console:bulk-refund-run:local-sandbox';

async function refundsOf(orderId: string) {
  const response = await fetch(bypass(new URL(sandboxPaths.orderEvents(orderId), SANDBOX_URL), { headers: { Authorization: 'Token dev-token' } }));
  return orderEventsResponseSchema.parse(await response.json()).results.filter((e) => e.type === 'refunded');
}

async function upload(text: string) {
  const rendered = renderApp('/refunds/bulk');
  const input = await screen.findByLabelText('Refund file (CSV)', {}, PAGE_LOAD);
  await rendered.user.upload(input, new File([text], 'refunds.csv', { type: 'text/csv' }));
  await screen.findByRole('table', { name: 'Rows of the file' });
  return rendered;
}

const problemsOf = (line: number) => screen.queryByRole('list', { name: `Problems, line ${line}` })?.textContent ?? '';

describe('bulk refunds page', () => {
  test('a file with good and bad rows: each bad row says why, fixed and dropped rows leave a total, confirm refunds each once', async () => {
    const a = await seedOrder('50.00', 'activated');
    const b = await seedOrder('30.00', 'activated');
    const unpaid = await seedOrder('10.00', 'new');
    const { user } = await upload(
      ['order_id,amount,reason', `${a.id},20.00,Double charge`, `${a.id},20.00,Double charge`, `${b.id},full,`, `${unpaid.id},5.00,Not paid`, 'nope,1.00,Typo'].join('\r\n'),
    );
    await waitFor(() => expect(problemsOf(5)).toContain('this order is new'));
    expect(problemsOf(2)).toBe('No destination account: give the batch one, or the row a destination_account_number');
    expect(problemsOf(3)).toContain('Duplicate of line 2');
    expect(problemsOf(4)).toContain('reason is missing');
    expect(problemsOf(6)).toContain('order_id is not an order id');
    // No account yet: nothing is ready.
    expect(screen.getByTestId('bulk-total')).toHaveTextContent('0 of 5 rows ready · Total 0.00');
    expect(screen.getByRole('textbox', { name: /Destination account number/ })).toHaveAccessibleDescription(/Needed: 5 rows have no account of their own/);

    await replace(user, screen.getByRole('textbox', { name: /Destination account number/ }), 'CZ6508000000192000145399');
    expect(problemsOf(2)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Drop line 3' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason, line 4' }), 'Event cancelled');
    await user.click(screen.getByRole('button', { name: 'Drop line 6' }));
    expect(screen.getByTestId('bulk-total')).toHaveTextContent('2 of 3 rows ready · Total 50.00 · 1 with problems will not be sent');

    await user.click(screen.getByRole('button', { name: 'Review and confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk refund' });
    expect(dialog).toHaveTextContent('Refund 2 orders, 50.00 in total, in Local sandbox.');
    // Not production: no typed confirmation.
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Start refunds' }));

    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('2 of 2 done · 2 refunded · 0 refused · 0 skipped'));
    expect(screen.getByText('Bulk refund finished')).toBeInTheDocument();
    expect(screen.getByText(/1 row of the file was not sent: the check found a problem \(line 5\)/)).toBeInTheDocument();
    expect((await readOrder(a.id)).refund_amount).toBe('20.00');
    expect((await readOrder(b.id)).current_amount).toBe('0.00');
    expect((await readOrder(unpaid.id)).refund_amount).toBe('0.00');
    expect(await refundsOf(a.id)).toHaveLength(1);
    // Kept for a reload, without the token.
    const kept = window.localStorage.getItem(RUN_KEY) ?? '';
    expect(bulkRunSchema.parse(JSON.parse(kept)).rows.map((r) => r.state.kind)).toEqual(['refunded', 'refunded']);
    expect(kept).not.toContain('dev-token');
  });

  test('a semicolon-separated file (a European spreadsheet): read from its header, said so, 12,50 as 12.50; a reason off the list goes as Other', async () => {
    const order = await seedOrder('50.00', 'activated');
    await upload(`\uFEFForder_id;amount;reason\r\n${order.id};12,50;Double charge\r\n`);
    expect(screen.getByText('Read as semicolon-separated: a comma in an amount is its decimal mark (12,50 is 12.50).')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount, line 2' })).toHaveValue('12.50');
    expect(screen.getByText('Sent as: Other: Double charge')).toBeInTheDocument();
  });

  test('a lost answer: the order is read again and the refund counted, never sent twice', async () => {
    const order = await seedOrder('40.00', 'activated');
    let sent = 0;
    server.use(
      http.post(refundUrl(order.id), async ({ request }) => {
        sent += 1;
        // The sandbox makes the refund; the answer never reaches the console.
        await fetch(bypass(new Request(new URL(new URL(request.url).pathname, SANDBOX_URL), { method: 'POST', headers: request.headers, body: await request.arrayBuffer() })));
        return HttpResponse.error();
      }),
    );
    const { user } = await upload(`order_id,amount,reason,destination_account_number\r\n${order.id},15.00,Late delivery,ACC-1\r\n`);
    await waitFor(() => expect(screen.getByTestId('bulk-total')).toHaveTextContent('1 of 1 rows ready · Total 15.00'));
    await user.click(screen.getByRole('button', { name: 'Review and confirm' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start refunds' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('1 of 1 done · 1 refunded'));
    expect(screen.getByText('The answer was lost; the order read again shows this refund')).toBeInTheDocument();
    expect(sent).toBe(1);
    expect(await refundsOf(order.id)).toHaveLength(1);
  });

  test('after a reload a run stopped mid-send resumes: the order is read first, nothing is refunded twice', async () => {
    const done = await seedOrder('60.00', 'activated');
    const waiting = await seedOrder('25.00', 'activated');
    const row = (orderId: string, line: number, amount: string, id: string) => ({
      key: `line-${line}`,
      line,
      order_id: orderId,
      reason: 'Incident 42',
      body: { amount, destination_account_number: 'ACC-1', payment_identifier: `RF-${id}`, external_id: `REFUND-${id}` },
    });
    const first = row(done.id, 2, '60.00', crypto.randomUUID().slice(0, 12).toUpperCase());
    // The tab closed while the first refund was on its way; the service made it.
    await seedRefund(done.id, '60.00', first.body.payment_identifier);
    window.localStorage.setItem(
      RUN_KEY,
      JSON.stringify({
        version: 1,
        id: 'bulk-test',
        environmentId: 'local-sandbox',
        createdAt: new Date().toISOString(),
        total: '85.00',
        rows: [
          { plan: first, state: { kind: 'sending', before: '0.00', attempts: 1 } },
          { plan: row(waiting.id, 3, '25.00', 'WAITING1'), state: { kind: 'pending' } },
        ],
        leftOut: [],
        finishedAt: null,
      }),
    );
    const { user } = renderApp('/refunds/bulk');
    expect(await screen.findByText('Bulk refund stopped', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('0 of 2 done');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('2 of 2 done · 2 refunded'));
    expect(await refundsOf(done.id)).toHaveLength(1);
    expect((await readOrder(waiting.id)).refund_amount).toBe('25.00');
    await user.click(screen.getByRole('button', { name: 'New bulk refund' }));
    expect(await screen.findByLabelText('Refund file (CSV)')).toBeInTheDocument();
    expect(window.localStorage.getItem(RUN_KEY)).toBeNull();
  });
  test('in production the total must be typed before anything is sent; the run is kept under that environment', async () => {
    environmentStore.save({ id: 'prod', name: 'Production EU', baseUrl: '', rememberToken: false, production: true, sandbox: false });
    setToken('prod', 'dev-token');
    environmentStore.activate('prod');
    const order = await seedOrder('80.00', 'activated');
    const { user } = await upload(`order_id,amount,reason,destination_account_number\r\n${order.id},12.34,Double charge,ACC-1\r\n`);
    await waitFor(() => expect(screen.getByTestId('bulk-total')).toHaveTextContent('1 of 1 rows ready · Total 12.34'));
    await user.click(screen.getByRole('button', { name: 'Review and confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk refund' });
    const start = within(dialog).getByRole('button', { name: 'Start refunds' });
    expect(start).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 12.34 to confirm' }), '12.3');
    expect(start).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 12.34 to confirm' }), '4');
    expect((await readOrder(order.id)).refund_amount).toBe('0.00');
    await user.click(start);
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('1 of 1 done · 1 refunded'));
    expect((await readOrder(order.id)).refund_amount).toBe('12.34');
    expect(window.localStorage.getItem('order-console:bulk-refund-run:prod')).not.toBeNull();
    expect(window.localStorage.getItem(RUN_KEY)).toBeNull();
  });
  test('Stop halts the run where it is; Resume finishes it, every order refunded once', async () => {
    const orders = [await seedOrder('10.00', 'activated'), await seedOrder('11.00', 'activated'), await seedOrder('12.00', 'activated')];
    const { user } = await upload(['order_id,amount,reason,destination_account_number', ...orders.map((o) => `${o.id},full,Recall,ACC-1`)].join('\r\n'));
    await waitFor(() => expect(screen.getByTestId('bulk-total')).toHaveTextContent('3 of 3 rows ready · Total 33.00'));
    await user.click(screen.getByRole('button', { name: 'Review and confirm' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Start refunds' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent(/^1 of 3 done/));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Bulk refund stopped')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).not.toHaveTextContent(/^3 of 3/);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('3 of 3 done · 3 refunded'));
    for (const order of orders) expect(await refundsOf(order.id)).toHaveLength(1);
  });
});
