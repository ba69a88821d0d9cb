import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { TeamBulkRunSummary } from '../../../contract/bulk-runs.ts';
import { bulkDecisionNoteSchema, teamBulkRunListSchema, teamBulkRunSummarySchema } from '../../../contract/bulk-runs.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { ApprovalsPage } from './approvals-page.tsx';

// Bulk refunds over the threshold wait in the approvers' queue beside single
// refunds. Someone else's batch: requester, total, rows, age and expiry, a link to its rows, Approve
// with a note. One's own: why it cannot be decided on here.

const ME = 'ana@example.com';

function batch(overrides: Partial<TeamBulkRunSummary>): TeamBulkRunSummary {
  return teamBulkRunSummarySchema.parse({
    id: 'run-7',
    environment: 'sandbox',
    requester: 'agent@example.com',
    state: 'awaiting_approval',
    state_reason: null,
    total: '1250.00',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    needs_approval: true,
    decision: null,
    progress: { total: 12, done: 0, refunded: 0, refused: 0, skipped: 0, unknown: 0 },
    ...overrides,
  });
}

beforeEach(() => {
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: { email: ME, grants: ['approver'], environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '100.00', sandbox: true, role: 'approver', permissions: ['read:order', 'create:order', 'request:refund', 'approve:refund'] }] },
  });
});
afterEach(() => setServerConfigForTests(null));

test('a batch someone else asked for: who, total, rows, age, expiry, its rows a link away; Approve sends the note and says it is on its way', async () => {
  const theirs = batch({});
  const mine = batch({ id: 'run-8', requester: ME, total: '300.00', progress: { total: 3, done: 0, refunded: 0, refused: 0, skipped: 0, unknown: 0 } });
  let waiting = [theirs, mine];
  let note: unknown = null;
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals`, () => HttpResponse.json({ results: [] })),
    http.get(`${CONSOLE_ORIGIN}/api/bulk-runs/awaiting-approval`, () => HttpResponse.json(teamBulkRunListSchema.parse({ results: waiting }))),
    http.post(`${CONSOLE_ORIGIN}/api/bulk-runs/run-7/approve`, async ({ request }) => {
      note = bulkDecisionNoteSchema.parse(await request.json()).note;
      waiting = [mine];
      return HttpResponse.json({ ...theirs, state: 'running', decision: { by: ME, at: new Date().toISOString(), note: 'incident 42' } });
    }),
  );
  const { user } = renderRoute(<ApprovalsPage />, { path: '/approvals' });

  const card = await screen.findByRole('article', { name: 'Bulk refund of 1250.00, 12 orders, asked by agent@example.com' });
  expect(card).toHaveTextContent('agent@example.com, 5 minutes ago');
  expect(card).toHaveTextContent('Expires');
  expect(within(card).getByRole('link', { name: 'See the 12 rows' })).toHaveAttribute('href', '/refunds/bulk?run=run-7');
  expect(screen.getByText('No single refund is waiting for approval.')).toBeInTheDocument();

  const own = screen.getByRole('article', { name: /Bulk refund of 300\.00, 3 orders/ });
  expect(own).toHaveTextContent('You asked for this bulk refund, so another approver must decide on it.');
  expect(within(own).queryByRole('button', { name: 'Approve and send' })).toBeNull();

  await user.type(within(card).getByRole('textbox', { name: 'Note' }), 'incident 42');
  await user.click(within(card).getByRole('button', { name: 'Approve and send' }));
  expect(await screen.findByText(/Approved: the bulk refund of 1250\.00 asked by agent@example\.com is being sent/)).toBeInTheDocument();
  expect(note).toBe('incident 42');
  expect(screen.queryByRole('article', { name: /Bulk refund of 1250\.00/ })).toBeNull();
});

test('a refusal of a decision is shown in the batch', async () => {
  server.use(
    http.get(`${CONSOLE_ORIGIN}/api/approvals`, () => HttpResponse.json({ results: [] })),
    http.get(`${CONSOLE_ORIGIN}/api/bulk-runs/awaiting-approval`, () => HttpResponse.json({ results: [batch({})] })),
    http.post(`${CONSOLE_ORIGIN}/api/bulk-runs/run-7/reject`, () => HttpResponse.json({ detail: 'This batch is no longer waiting: it was withdrawn.' }, { status: 409 })),
  );
  const { user } = renderRoute(<ApprovalsPage />, { path: '/approvals' });
  const card = await screen.findByRole('article', { name: /Bulk refund of 1250\.00/ });
  await user.click(within(card).getByRole('button', { name: 'Reject' }));
  expect(await within(card).findByText('This batch is no longer waiting: it was withdrawn.')).toBeInTheDocument();
});
