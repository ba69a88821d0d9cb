import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { Approval } from '../../../contract/approvals.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { ApprovalsPage } from './approvals-page.tsx';

// docs/decisions.md D17, the approvers' queue as a person sees it: the order read fresh, what its refunds
// add up to, Approve with a note for someone else's request, and why not for one's own.

const ME = 'ana@example.com';

function approval(overrides: Partial<Approval>): Approval {
  return {
    id: '7d0e5a52-3c5e-4e0b-9d3a-2b8f0f7e1a01',
    environment: 'sandbox',
    order_id: 'e9f2af1c-6f45-4fca-ab80-854738524410',
    amount: '250.00',
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: 'RF-ABCDEFGHIJKLMNOPQRST',
    external_id: 'REFUND-20261125-ABCDEFGH',
    reason: 'Goods returned',
    reason_note: null,
    requester: 'agent@example.com',
    state: 'pending',
    created_at: new Date(Date.now() - 60_000).toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    decided_by: null,
    decided_at: null,
    decision_note: null,
    answer: null,
    resolution: null,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

const fresh = { status: 'activated', current_amount: '440.00', refund_amount: '40.00', initial_amount: '480.00' };
const others = approval({});
const mine = approval({ id: '7d0e5a52-3c5e-4e0b-9d3a-2b8f0f7e1a02', requester: ME, amount: '120.00' });

const indexed = {
  environment: 'sandbox',
  order_id: others.order_id,
  external_id: 'SHOP-4711',
  status: 'activated',
  service: 'provider-pay',
  initial_amount: '480.00',
  current_amount: '440.00',
  refund_amount: '40.00',
  created_at: null,
  first_seen_at: '2026-11-20T10:00:00.000000Z',
  last_seen_at: '2026-11-20T10:00:00.000000Z',
  first_source: 'service_create',
  source: 'service_create',
  not_found_at: null,
  customer_visible: true,
  customer: { email: 'jana@example.com', first_name: 'Jana', last_name: 'Nováková', phone_number: null },
};

beforeEach(() => {
  // No bulk refund waits here (bulk-approvals.test.tsx has those).
  server.use(http.get(`${CONSOLE_ORIGIN}/api/bulk-runs/awaiting-approval`, () => HttpResponse.json({ results: [] })));
  server.use(http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/order-index`, () => HttpResponse.json({ results: [indexed] })));
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: { email: ME, grants: ['approver'], environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '100.00', sandbox: true, role: 'approver', permissions: ['read:order', 'create:order', 'request:refund', 'approve:refund'] }] },
  });
});

afterEach(() => setServerConfigForTests(null));

test('someone else’s request: the order as it is now, Approve sends the note; one’s own says why it cannot be approved', async () => {
  let sent: unknown = null;
  let decided = false;
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals`, () =>
      HttpResponse.json({ results: [{ approval: decided ? { ...others, state: 'sent', decided_by: ME } : others, order: fresh }, { approval: mine, order: fresh }] }),
    ),
    http.post(`${CONSOLE_ORIGIN}/api/approvals/${others.id}/approve`, async ({ request }) => {
      sent = await request.json();
      decided = true;
      return HttpResponse.json({ approval: { ...others, state: 'sent', decided_by: ME } });
    }),
  );
  const { user } = renderRoute(<ApprovalsPage />, { path: '/approvals' });

  const theirs = await screen.findByRole('article', { name: /Refund of 250\.00/ });
  expect(within(theirs).getByText('40.00 of 480.00')).toBeInTheDocument();
  expect(within(theirs).getByText('activated')).toBeInTheDocument();
  const own = screen.getByRole('article', { name: /Refund of 120\.00/ });
  expect(within(own).getByText('You asked for this refund, so another approver must decide on it.')).toBeInTheDocument();
  expect(within(own).queryByRole('button', { name: 'Approve and send' })).toBeNull();

  await user.type(within(theirs).getByRole('textbox', { name: 'Note' }), 'return received');
  await user.click(within(theirs).getByRole('button', { name: 'Approve and send' }));
  expect(await within(theirs).findByText('Approved and sent')).toBeInTheDocument();
  expect(sent).toEqual({ note: 'return received' });
});

test('a refusal from the server is shown in the card', async () => {
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals`, () => HttpResponse.json({ results: [{ approval: others, order: fresh }] })),
    http.post(`${CONSOLE_ORIGIN}/api/approvals/${others.id}/reject`, () => HttpResponse.json({ detail: 'This request is no longer waiting: it is sent by bo@example.com.', code: 'not_pending' }, { status: 409 })),
  );
  const { user } = renderRoute(<ApprovalsPage />, { path: '/approvals' });
  const card = await screen.findByRole('article', { name: /Refund of 250\.00/ });
  await user.click(within(card).getByRole('button', { name: 'Reject' }));
  expect(await within(card).findByText('This request is no longer waiting: it is sent by bo@example.com.')).toBeInTheDocument();
});

test('a request the service asked to try later waits again, with the service’s words; its trail says who did what and what came back', async () => {
  const later = approval({ state: 'pending', resolution: 'retry_later', answer: { status: 429, body: { detail: 'Request was throttled. Expected available in 30 seconds.', code: 'throttled' } } });
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals`, () => HttpResponse.json({ results: [{ approval: later, order: fresh }] })),
    http.get(`${CONSOLE_ORIGIN}/api/approvals/${later.id}`, () =>
      HttpResponse.json({
        approval: later,
        events: [
          { id: 1, at: later.created_at, actor: 'agent@example.com', kind: 'requested', state: 'pending', detail: null },
          { id: 2, at: later.created_at, actor: ME, kind: 'approved', state: 'sending', detail: { note: null } },
          { id: 3, at: later.created_at, actor: ME, kind: 'sent', state: 'pending', detail: { answer: { status: 429, body: {} }, resolution: 'retry_later' } },
        ],
      }),
    ),
  );
  const { user } = renderRoute(<ApprovalsPage />, { path: '/approvals' });
  const card = await screen.findByRole('article', { name: /Refund of 250\.00/ });
  const said = within(card).getByRole('alert', { name: 'Not sent yet: the service asked to try later' });
  expect(said).toHaveTextContent('The service answered HTTP 429: “Request was throttled. Expected available in 30 seconds.”');
  expect(said).toHaveTextContent('Nothing was refunded. Approving again sends it with the same identifiers.');
  expect(within(card).getByRole('button', { name: 'Approve and send' })).toBeEnabled();

  await user.click(within(card).getByRole('button', { name: 'Show the trail' }));
  const trail = await within(card).findByRole('list', { name: 'Trail' });
  expect(within(trail).getAllByRole('listitem').map((item) => item.textContent?.replace(/^.* — /, ''))).toEqual([
    'agent@example.com asked for the refund (now pending)',
    `${ME} approved it; sending (now sending)`,
    `${ME} sent it; the service answered HTTP 429 (now pending)`,
  ]);
});

test('a card names the order by its external id and its customer, who links to all of their orders', async () => {
  server.use(http.get(`${CONSOLE_ORIGIN}/api/approvals`, () => HttpResponse.json({ results: [{ approval: others, order: fresh }] })));
  renderRoute(<ApprovalsPage />, { path: '/approvals' });
  const card = await screen.findByRole('article', { name: /Refund of 250\.00/ });
  expect(await within(card).findByRole('link', { name: 'SHOP-4711' })).toHaveAttribute('href', `/orders/${others.order_id}`);
  expect(within(card).getByText('Jana Nováková')).toBeVisible();
  expect(within(card).getByRole('link', { name: 'All orders of jana@example.com' })).toHaveAttribute('href', '/orders?q=email%3Ajana%40example.com&env=sandbox');
});
