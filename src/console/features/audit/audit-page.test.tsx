import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import type { AuditPage, AuditRow } from '../../../contract/audit.ts';
import { auditPaths } from '../../../contract/audit.ts';
import { AppShellLayout } from '../../app/app-shell-layout.tsx';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { AuditPage as AuditPageView } from './audit-page.tsx';

// docs/decisions.md D16: /audit as an admin uses it, against answers shaped like the console server's.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const HASH = 'a'.repeat(64);

function row(seq: number, overrides: Partial<AuditRow> = {}): AuditRow {
  return {
    seq,
    at: `2026-11-25T10:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    user: 'alice@example.com',
    role: 'agent',
    environment: 'sandbox',
    action: 'refund.request',
    order_id: `order-${seq}`,
    body: { amount: '5.00' },
    outcome: 'sent (200)',
    address: '10.0.0.7',
    user_agent: 'Mozilla/5.0',
    prev_hash: HASH,
    hash: HASH,
    ...overrides,
  };
}

/** Answers GET /api/audit with `pages` in turn (by cursor); returns the URLs and headers asked with. */
function answerAudit(answer: (url: URL) => { body: JsonBodyType; status?: number }) {
  const requests: { url: URL; authorization: string | null }[] = [];
  server.use(
    http.get(`${CONSOLE_ORIGIN}${auditPaths.list()}`, ({ request }) => {
      const url = new URL(request.url);
      requests.push({ url, authorization: request.headers.get('authorization') });
      const { body, status = 200 } = answer(url);
      return HttpResponse.json(body, { status });
    }),
  );
  return requests;
}

const page = (rows: AuditRow[], next: string | null = null): AuditPage => ({ rows, next_cursor: next });

function renderAudit(route = '/audit') {
  return renderRoute(<AuditPageView />, { path: '/audit', route, extraRoutes: [{ path: '/orders/:orderId', element: <p>Order page</p> }] });
}

describe('the audit log page', () => {
  test('lists who did what, with no token sent; text from the log stays text; an order id opens the order', async () => {
    const requests = answerAudit(() => ({ body: page([row(2, { user: null, action: 'sign-in.failed', order_id: null, outcome: 'refused: wrong password' }), row(1, { body: { note: '<img src=x onerror=alert(1)>' } })]) }));
    const { user, router } = renderAudit();

    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, newest, older] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('nobody signed in');
    expect(newest).toHaveTextContent('sign-in.failed');
    expect(newest).toHaveTextContent('refused: wrong password');
    expect(older).toHaveTextContent('2026-11-25 10:00:01');
    expect(older).toHaveTextContent('{"note":"<img src=x onerror=alert(1)>"}');
    expect(table.querySelector('img')).toBeNull();
    expect(screen.getByText('2 rows shown (all)')).toBeInTheDocument();
    expect(requests.map((r) => r.authorization)).toEqual([null]);

    await user.click(within(older as HTMLElement).getByRole('link', { name: 'order-1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/order-1'));
  });

  test('filters go to the server (days as UTC instants, To included) and into the address and both export links', async () => {
    const requests = answerAudit(() => ({ body: page([row(1)]) }));
    const { user, router } = renderAudit();
    await screen.findByRole('table', { name: 'Audit log' });

    await user.type(screen.getByLabelText('User'), 'bob@example.com');
    await user.type(screen.getByLabelText('Action'), 'refund.request');
    await user.type(screen.getByLabelText('From (UTC)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (UTC)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(requests).toHaveLength(2));
    const asked = requests[1]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ user: 'bob@example.com', action: 'refund.request', from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    expect(router.state.location.search).toBe('?user=bob%40example.com&action=refund.request&from=2026-11-01&to=2026-11-02');
    for (const [name, format] of [['Export CSV', 'csv'], ['Export JSONL', 'jsonl']] as const) {
      const href = new URL(screen.getByRole('link', { name }).getAttribute('href') ?? '');
      expect(href.pathname).toBe(auditPaths.export());
      expect(Object.fromEntries(href.searchParams)).toEqual({ format, user: 'bob@example.com', action: 'refund.request', from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    }
  });

  test('a To before From is refused in the form, nothing asked', async () => {
    const requests = answerAudit(() => ({ body: page([row(1)]) }));
    const { user } = renderAudit();
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByLabelText('From (UTC)'), '2026-11-05');
    await user.type(screen.getByLabelText('To (UTC)'), '2026-11-02');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Must not be before From')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  test('older rows page in with the cursor the server gave', async () => {
    const requests = answerAudit((url) => (url.searchParams.get('cursor') === '3' ? { body: page([row(2), row(1)]) } : { body: page([row(4), row(3)], '3') }));
    const { user } = renderAudit('/audit?action=refund.request');
    expect(await screen.findByText('2 rows shown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load older' }));
    expect(await screen.findByText('4 rows shown (all)')).toBeInTheDocument();
    expect(requests[1]?.url.searchParams.get('cursor')).toBe('3');
    expect(requests[1]?.url.searchParams.get('action')).toBe('refund.request');
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  test.each([
    [403, 'Admins only'],
    [401, 'Your session has ended'],
  ])('%i: the user is told why, not shown an empty log', async (status, title) => {
    answerAudit(() => ({ body: { detail: 'Refused.', code: 'refused' }, status }));
    renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent(title);
    expect(screen.queryByRole('table')).toBeNull();
    // Not the personal mode's notice about the partner token: there is none in team mode.
    expect(screen.queryByText(/token/i)).toBeNull();
  });

  test('an answer that is not the audit log shape is reported, not shown', async () => {
    answerAudit(() => ({ body: { rows: [{ ...row(1), hash: 'not-a-hash' }], next_cursor: null } }));
    renderAudit();
    expect(await screen.findByRole('alert')).toHaveTextContent('does not have the shape this page expects');
  });
});

describe('the navigation', () => {
  test.each([
    [true, 1],
    [false, 0],
  ])('shows "Audit log" only when told the user may read it (%s)', async (visible, count) => {
    renderRoute(<AppShellLayout auditVisible={visible} />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryAllByRole('link', { name: 'Audit log' })).toHaveLength(count);
  });
});
