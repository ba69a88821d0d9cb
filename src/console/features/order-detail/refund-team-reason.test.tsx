import { screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { z } from 'zod';
import type { Approval } from '../../../contract/approvals.ts';
import { orderServicePaths } from '../../../contract/paths.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { input, prepareOrderPageTests, readOrder, replace, seedOrder } from './test-support.ts';
import { compareMoney } from '../../../contract/money.ts';

prepareOrderPageTests();

// docs/decisions.md D17 in the refund dialog (team mode): a reason on every refund, "Other" with a note;
// over the threshold the refund becomes a request another person approves, at or under it the console
// sends it and the dialog goes on as a refund always has.

const ME = 'agent@example.com';
let posted: unknown[] = [];
let previews: { payment_identifier: string; external_id: string }[] = [];
let requests: Approval[] = [];
let forwarded = 0;

/** The team console's server, as far as this dialog meets it: the sandbox through /env/sandbox/, and the approvals routes. */
function teamServer(threshold: string, { answerLost = false, requestAnswer = 'ok' }: { answerLost?: boolean; requestAnswer?: 'ok' | 'garbled' | 'lost' } = {}) {
  server.use(
    http.all(`${CONSOLE_ORIGIN}/env/sandbox/*`, async ({ request }) => {
      const url = new URL(request.url);
      if (request.method === 'POST' && url.pathname.endsWith('/refund/')) forwarded += 1;
      const target = new URL(url.pathname.replace('/env/sandbox', '') + url.search, SANDBOX_URL);
      const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
      return fetch(bypass(new Request(target, { method: request.method, headers: { Authorization: 'Token dev-token', Accept: 'application/json', 'Content-Type': 'application/json' }, body })));
    }),
    http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/orders/:orderId/approvals`, () => HttpResponse.json({ results: requests })),
    // The review (docs/security.md): the identifiers the console server made, and whether it will wait, and why.
    http.post(`${CONSOLE_ORIGIN}/api/env/sandbox/orders/:orderId/refunds/preview`, async ({ request }) => {
      const body = z.object({ amount: z.string() }).parse(await request.json());
      const made = { payment_identifier: `RF-${crypto.randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`, external_id: `REFUND-20261207-${previews.length}` };
      previews.push(made);
      const reasons = compareMoney(body.amount, threshold) > 0 ? [`${body.amount} (this refund) is over Sandbox's approval threshold of ${threshold}.`] : [];
      return HttpResponse.json({ ...made, approval: { needed: reasons.length > 0, reasons } });
    }),
    http.post(`${CONSOLE_ORIGIN}/api/env/sandbox/orders/:orderId/refunds`, async ({ request, params }) => {
      const body = await request.json();
      posted.push(body);
      if (typeof body !== 'object' || body === null || !('amount' in body) || typeof body.amount !== 'string') return HttpResponse.json({ amount: ['Required'] }, { status: 400 });
      const orderId = String(params.orderId);
      if (compareMoney(body.amount, threshold) > 0) {
        const approval = pendingApproval(orderId, body.amount);
        requests = [approval, ...requests];
        // The request is made, and its answer cut short or lost on the way back to the browser.
        if (requestAnswer === 'garbled') return new HttpResponse('{"approval": {"id": "7d0e5a52', { status: 202, headers: { 'Content-Type': 'application/json' } });
        if (requestAnswer === 'lost') return HttpResponse.error();
        return HttpResponse.json({ approval, reasons: [`${body.amount} (this refund) is over Sandbox's approval threshold of ${threshold}.`] }, { status: 202 });
      }
      // At or under the threshold the console sends the refund itself and answers with the service's answer.
      const target = new URL(orderServicePaths.orderRefund(orderId), SANDBOX_URL);
      const refund = { amount: body.amount, destination_account_number: 'ACC-1', payment_identifier: `RF-${crypto.randomUUID()}`, external_id: 'TEAM-1' };
      const answer = await fetch(bypass(new Request(target, { method: 'POST', headers: { Authorization: 'Token dev-token', 'Content-Type': 'application/json' }, body: JSON.stringify(refund) })));
      // The refund is made, and its answer lost on the way back to the browser.
      return answerLost ? HttpResponse.error() : answer;
    }),
  );
}

function pendingApproval(orderId: string, amount: string): Approval {
  return {
    id: '7d0e5a52-3c5e-4e0b-9d3a-2b8f0f7e1a09',
    environment: 'sandbox',
    order_id: orderId,
    amount,
    destination_account_number: 'ACC-1',
    payment_identifier: 'RF-ABCDEFGHIJKLMNOPQRST',
    external_id: 'REFUND-20261125-ABCDEFGH',
    reason: 'Other',
    reason_note: 'Broken on arrival',
    requester: ME,
    state: 'pending',
    created_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    decided_by: null,
    decided_at: null,
    decision_note: null,
    answer: null,
    resolution: null,
    updated_at: new Date().toISOString(),
  };
}

beforeEach(() => {
  posted = [];
  previews = [];
  requests = [];
  forwarded = 0;
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: {
      email: ME,
      grants: ['agent'],
      environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '100.00', sandbox: true, role: 'agent', permissions: ['read:order', 'create:order', 'request:refund'] }],
    },
  });
});

afterEach(() => setServerConfigForTests(null));

async function openDialog(orderId: string) {
  const rendered = renderApp(`/orders/${orderId}`);
  await rendered.user.click(await screen.findByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: /Refund order/ });
  return { ...rendered, dialog };
}

function reasonSelect(dialog: HTMLElement): HTMLSelectElement {
  const element = dialog.querySelector('select[name="reason"]');
  if (!(element instanceof HTMLSelectElement)) throw new Error('no reason select');
  return element;
}

test('a reason is required, "Other" needs a note, and what was typed stays; over the threshold the refund is sent for approval', async () => {
  teamServer('100.00');
  const order = await seedOrder('250.00', 'activated');
  const { dialog, user } = await openDialog(order.id);
  await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');

  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  expect(await within(dialog).findByText('Choose a reason: Customer request, Duplicate payment, Goods not delivered, Goods returned, Fraud, Other')).toBeVisible();

  await user.selectOptions(reasonSelect(dialog), 'Other');
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  expect(await within(dialog).findByText('Say what the reason is (required with "Other").')).toBeVisible();
  expect(input(dialog, 'destination_account_number')).toHaveValue('ACC-1');
  expect(reasonSelect(dialog)).toHaveValue('Other');
  expect(posted).toEqual([]);

  await replace(user, input(dialog, 'reason_note'), 'Broken on arrival');
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  // Before anything is confirmed, the review says it will wait and why, with the identifiers the server made.
  const confirm = await within(dialog).findByRole('button', { name: 'Send for approval' });
  const notice = within(dialog).getByRole('alert', { name: 'This refund will wait for approval' });
  expect(notice).toHaveTextContent("250.00 (this refund) is over Sandbox's approval threshold of 100.00.");
  expect(within(dialog).getByText('Other: Broken on arrival')).toBeVisible();
  const [made] = previews;
  expect(within(dialog).getByText(made?.payment_identifier ?? '-')).toBeVisible();
  await user.click(confirm);

  const sent = await within(dialog).findByRole('alert', { name: 'Sent for approval' });
  expect(sent).toHaveTextContent("250.00 (this refund) is over Sandbox's approval threshold of 100.00.");
  expect(sent).toHaveTextContent('an approver other than you must approve it');
  expect(posted).toEqual([expect.objectContaining({ amount: '250.00', destination_account_number: 'ACC-1', reason: 'Other', reason_note: 'Broken on arrival', ...made })]);
  expect(forwarded).toBe(0);
  expect((await readOrder(order.id)).refund_amount).toBe('0.00');

  // The step's own Close (the modal's corner button is named Close too).
  const close = within(dialog).getAllByRole('button', { name: 'Close' }).find((button) => button.textContent === 'Close');
  if (close === undefined) throw new Error('no Close button in the step');
  await user.click(close);
  // The order page's requests panel is read again and shows the new request.
  const panel = await screen.findByRole('region', { name: 'Refund requests' });
  expect(within(panel).getByText('Refund of 250.00')).toBeVisible();
});

test('at or under the threshold the console sends it at once: refunded, as without team mode', async () => {
  teamServer('100.00');
  const order = await seedOrder('120.00', 'activated');
  const { dialog, user } = await openDialog(order.id);
  await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
  await replace(user, input(dialog, 'amount'), '40');
  await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
  await user.selectOptions(reasonSelect(dialog), 'Goods returned');
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));

  await waitFor(() => expect(screen.queryByRole('dialog', { name: /Refund order/ })).toBeNull());
  expect(await screen.findByText(/Refunded 40\.00/)).toBeVisible();
  expect(posted).toEqual([expect.objectContaining({ amount: '40.00', reason: 'Goods returned' })]);
  expect(posted[0]).not.toHaveProperty('reason_note');
  expect(forwarded).toBe(0);
  expect((await readOrder(order.id)).refund_amount).toBe('40.00');
});

test('at or under the threshold, a lost answer is settled by reading the order: the refund went through, nothing sent again', async () => {
  teamServer('100.00', { answerLost: true });
  const order = await seedOrder('120.00', 'activated');
  const { dialog, user } = await openDialog(order.id);
  await user.click(within(dialog).getByRole('radio', { name: 'Partial' }));
  await replace(user, input(dialog, 'amount'), '10');
  await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
  await user.selectOptions(reasonSelect(dialog), 'Duplicate payment');
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Confirm refund' }));

  expect(await within(dialog).findByText('The refund went through: refunded amount is now 10.00')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Confirm refund' })).not.toBeInTheDocument();
  expect(posted).toHaveLength(1);
  expect((await readOrder(order.id)).refund_amount).toBe('10.00');
});

test.each(['garbled', 'lost'] as const)('over the threshold, a request whose answer is %s is found among the order\'s requests: shown as sent for approval, never asked for twice', async (requestAnswer) => {
  teamServer('100.00', { requestAnswer });
  const order = await seedOrder('250.00', 'activated');
  // Someone else's earlier request for the same amount is not this one.
  requests = [{ ...pendingApproval(order.id, '250.00'), id: '0b7c1d7e-1111-4c2a-8f3e-5a6b7c8d9e0f', requester: 'other@example.com', reason: 'Fraud', reason_note: null }];
  const { dialog, user } = await openDialog(order.id);
  await replace(user, input(dialog, 'destination_account_number'), 'ACC-1');
  await user.selectOptions(reasonSelect(dialog), 'Other');
  await replace(user, input(dialog, 'reason_note'), 'Broken on arrival');
  await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Send for approval' }));

  const sent = await within(dialog).findByRole('alert', { name: 'Sent for approval' });
  expect(sent).toHaveTextContent("The refund of 250.00 needs a second person (this environment's approval threshold is 100.00)");
  expect(within(dialog).queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
  expect(posted).toHaveLength(1);
  expect(forwarded).toBe(0);
  expect((await readOrder(order.id)).refund_amount).toBe('0.00');
});
