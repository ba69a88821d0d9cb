import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTeamBulkRunSchema } from '../../../contract/bulk-runs.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';
import { seedOrder } from '../order-detail/test-support.ts';
import { pollInterval } from './team-bulk-api.ts';
import { fakeBulkServer, withProgress } from './team-bulk-fake.ts';

// As an agent sees it: the file is checked through the console server, Confirm
// hands the plan to the server (the browser sends no refund), and the page shows the server's run:
// its progress polled until it finishes, a batch over the threshold waiting with Withdraw, and an
// unfinished run opened again when the page is opened again.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });
beforeAll(async () => {
  await import('./bulk-refunds-page.tsx');
});

const ME = 'agent@example.com';
const ACCOUNT = 'CZ6508000000192000145399';

beforeEach(() => {
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

async function uploadAndConfirm(lines: string[]) {
  const rendered = renderApp('/refunds/bulk');
  const input = await screen.findByLabelText('Refund file (CSV)', {}, { timeout: 10_000 });
  await rendered.user.upload(input, new File([lines.join('\r\n')], 'refunds.csv', { type: 'text/csv' }));
  await screen.findByRole('table', { name: 'Rows of the file' });
  const review = await screen.findByRole('button', { name: 'Review and confirm' });
  // Enabled once every order of the file has been read.
  await waitFor(() => expect(review).toBeEnabled());
  await rendered.user.click(review);
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the bulk refund' });
  return { ...rendered, dialog };
}

describe('bulk refunds in team mode', () => {
  test('checked through the console server; Confirm hands the plan over; paused and resumed, the progress is polled until the run finishes', async () => {
    const fake = fakeBulkServer({ requester: ME, threshold: '100.00' });
    const a = await seedOrder('50.00', 'activated');
    const b = await seedOrder('30.00', 'activated');
    const { user, dialog } = await uploadAndConfirm(['order_id,amount,reason,destination_account_number', `${a.id},20.00,Double charge,${ACCOUNT}`, `${b.id},full,Event cancelled,${ACCOUNT}`]);
    expect(fake.orderReads()).toBeGreaterThanOrEqual(2);
    expect(dialog).toHaveTextContent('Refund 2 orders, 50.00 in total, in Sandbox.');
    expect(dialog).not.toHaveTextContent('second person');
    await user.click(within(dialog).getByRole('button', { name: 'Start refunds' }));

    expect(await screen.findByText('Refunding…')).toBeInTheDocument();
    // Paused on the server: nothing more is sent until Resume.
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByText('Bulk refund paused')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).not.toHaveTextContent(/^2 of 2/);
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('2 of 2 done · 2 refunded · 0 refused · 0 skipped'));
    expect(fake.actions).toEqual(['pause', 'resume']);
    expect(screen.getByText('Bulk refund finished')).toBeInTheDocument();
    const outcomes = within(screen.getByRole('table', { name: 'Refunds of the run' })).getAllByTestId('bulk-row-outcome');
    expect(outcomes.map((o) => o.textContent)).toEqual(['refunded', 'refunded']);
    expect(screen.getByRole('link', { name: 'Download result (CSV)' })).toHaveAttribute('href', '/api/env/sandbox/bulk-runs/run-1/result.csv');
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();

    const [sent] = fake.created.map((body) => createTeamBulkRunSchema.parse(body));
    expect(sent?.plan.rows.map((r) => [r.plan.order_id, r.plan.body.amount, r.state.kind])).toEqual([
      [a.id, '20.00', 'pending'],
      [b.id, '30.00', 'pending'],
    ]);
    expect(sent?.confirmation).toBeUndefined();
    // The server sends the refunds: none left this browser.
    expect(fake.refundsFromBrowser()).toBe(0);
    // A finished run is not read again.
    expect(pollInterval('finished')).toBe(false);
    expect(pollInterval('running')).not.toBe(false);

    await user.click(screen.getByRole('button', { name: 'New bulk refund' }));
    expect(await screen.findByLabelText('Refund file (CSV)')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Bulk runs in this environment' })).getByText('finished')).toBeInTheDocument();
  });

  test('over the threshold: told before confirming, the batch waits (who, total, expiry) and its requester can withdraw it', async () => {
    const fake = fakeBulkServer({ requester: ME, threshold: '100.00' });
    const a = await seedOrder('90.00', 'activated');
    const b = await seedOrder('60.00', 'activated');
    const { user, dialog } = await uploadAndConfirm(['order_id,amount,reason,destination_account_number', `${a.id},full,Recall,${ACCOUNT}`, `${b.id},full,Recall,${ACCOUNT}`]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent("This batch needs a second person's approval");
    expect(within(dialog).getByRole('alert')).toHaveTextContent('150.00 is over Sandbox');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('threshold of 100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Send for approval' }));

    expect(await screen.findByText('Waiting for approval')).toBeInTheDocument();
    const waiting = screen.getByRole('alert', { name: "Waiting for a second person's approval" });
    expect(waiting).toHaveTextContent('150.00 is over');
    expect(waiting).toHaveTextContent(`an approver other than ${ME}`);
    expect(waiting).toHaveTextContent('It expires');
    expect(screen.getByText(new RegExp(`Asked by ${ME}`))).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('0 of 2 done');
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();

    await user.click(within(waiting).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawn: nothing was refunded')).toBeInTheDocument();
    expect(fake.actions).toEqual(['withdraw']);
    expect(fake.refundsFromBrowser()).toBe(0);
  });

  test('a lost answer to Confirm: the same plan sent again is the run the server kept, opened, never a second one', async () => {
    const fake = fakeBulkServer({ requester: ME, threshold: null, loseFirstAnswer: true });
    const a = await seedOrder('40.00', 'activated');
    const { user, dialog } = await uploadAndConfirm(['order_id,amount,reason,destination_account_number', `${a.id},full,Recall,${ACCOUNT}`]);
    await user.click(within(dialog).getByRole('button', { name: 'Start refunds' }));
    const alert = await screen.findByRole('alert', { name: 'The batch was not started' });
    expect(alert).toHaveTextContent('same payment identifiers');
    await user.click(within(alert).getByRole('button', { name: 'Send the same batch again' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('1 of 1 done · 1 refunded'));
    const [first, second] = fake.created.map((body) => createTeamBulkRunSchema.parse(body));
    expect(second?.plan).toEqual(first?.plan);
    expect(fake.runs.size).toBe(1);
  });

  test('coming back: the unfinished run opens by itself, paused with its reason, and Resume sends the rest', async () => {
    const fake = fakeBulkServer({ requester: ME, threshold: null });
    const plan = {
      version: 1 as const,
      id: 'bulk-kept',
      environmentId: 'sandbox',
      createdAt: new Date().toISOString(),
      total: '25.00',
      rows: [1, 2].map((n) => ({
        plan: { key: `line-${n + 1}`, line: n + 1, order_id: `e9f2af1c-6f45-4fca-ab80-85473852441${n}`, reason: 'Recall', body: { amount: '12.50', destination_account_number: ACCOUNT, payment_identifier: `RF-KEPT${n}`, external_id: `REFUND-KEPT${n}` } },
        state: n === 1 ? { kind: 'refunded' as const, refunded: '12.50', remaining: '0.00', via: 'answer' as const } : { kind: 'pending' as const },
      })),
      leftOut: [],
      finishedAt: null,
    };
    const now = new Date().toISOString();
    fake.runs.set(
      'run-kept',
      withProgress({
        id: 'run-kept',
        environment: 'sandbox',
        requester: ME,
        state: 'paused',
        state_reason: 'Paused by agent@example.com.',
        total: '25.00',
        created_at: now,
        updated_at: now,
        expires_at: null,
        needs_approval: false,
        decision: null,
        progress: { total: 0, done: 0, refunded: 0, refused: 0, skipped: 0, unknown: 0 },
        run: plan,
      }),
    );
    const { user } = renderApp('/refunds/bulk');
    expect(await screen.findByText('Bulk refund paused', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Paused by agent@example.com.')).toBeInTheDocument();
    expect(screen.getByTestId('bulk-progress')).toHaveTextContent('1 of 2 done');
    expect(screen.queryByLabelText('Refund file (CSV)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByTestId('bulk-progress')).toHaveTextContent('2 of 2 done · 2 refunded'));
    expect(fake.actions).toEqual(['resume']);
  });

  test('the console server goes away mid-run: the page says so and that the run goes on there; back, a stalled sender says when the run is picked up', async () => {
    fakeBulkServer({ requester: ME, threshold: null });
    const now = new Date().toISOString();
    const running = withProgress({
      id: 'run-live',
      environment: 'sandbox',
      requester: ME,
      state: 'running',
      state_reason: null,
      total: '12.50',
      created_at: now,
      updated_at: now,
      expires_at: null,
      needs_approval: false,
      decision: null,
      progress: { total: 0, done: 0, refunded: 0, refused: 0, skipped: 0, unknown: 0 },
      run: {
        version: 1,
        id: 'bulk-live',
        environmentId: 'sandbox',
        createdAt: now,
        total: '12.50',
        rows: [{ plan: { key: 'line-2', line: 2, order_id: 'e9f2af1c-6f45-4fca-ab80-854738524410', reason: 'Fraud', body: { amount: '12.50', destination_account_number: ACCOUNT, payment_identifier: 'RF-LIVE1', external_id: 'REFUND-LIVE1' } }, state: { kind: 'sending', before: '0.00', attempts: 1 } }],
        leftOut: [],
        finishedAt: null,
      },
    });
    let server_: 'live' | 'gone' | 'stalled' = 'live';
    const sender = { live: { heard_ms_ago: 1_000, takeover_in_ms: 74_000, stalled: false }, stalled: { heard_ms_ago: 31_000, takeover_in_ms: 44_000, stalled: true } };
    server.use(
      http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/bulk-runs`, () => HttpResponse.json({ results: [running].map(({ run: _run, ...summary }) => summary) })),
      http.get(`${CONSOLE_ORIGIN}/api/env/sandbox/bulk-runs/run-live`, () => (server_ === 'gone' ? HttpResponse.error() : HttpResponse.json({ ...running, sender: sender[server_] }))),
    );
    renderApp('/refunds/bulk');
    expect(await screen.findByText('Refunding…', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for the run to be picked up again')).toBeNull();

    server_ = 'gone';
    const gone = await screen.findByRole('status', { name: 'The console server cannot be reached' }, { timeout: 15_000 });
    expect(gone).toHaveTextContent('The run is kept on the server and goes on there');
    // Not the failed request's own words.
    expect(screen.queryByText(/could not be reached \(GET/)).toBeNull();

    server_ = 'stalled';
    const waiting = await screen.findByRole('status', { name: 'Waiting for the run to be picked up again' }, { timeout: 15_000 });
    expect(waiting).toHaveTextContent('has not been heard from for 31 s');
    expect(waiting).toHaveTextContent(/takes the run over when its hold runs out, by about .*\d{2}:\d{2}/);
    expect(screen.queryByRole('status', { name: 'The console server cannot be reached' })).toBeNull();
  });
});
