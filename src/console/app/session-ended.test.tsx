import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { MeAnswer } from '../../contract/console-api.ts';
import { consoleApiPaths } from '../../contract/console-api.ts';
import { setServerConfigForTests } from '../lib/server-config.ts';
import { readMe } from '../lib/team-me.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { renderApp } from '../test/render.tsx';
import { sessionEndedStore } from './session-ended.ts';

// Team mode (D16): a session that ends while the console polls one of its own /api routes (the
// header's count of approvals waiting) opens the sign-in dialog where the person is, as a write that
// finds it out does; signing in again reads what failed again. The query client and its error handling
// are the app's own (test/render.tsx), so this fails if any /api error escapes them.

const ME: MeAnswer = {
  user: { email: 'ana@example.com' },
  grants: ['approver@sandbox'],
  environments: [
    { id: 'sandbox', name: 'Sandbox', production: false, approval_threshold: '100.00', sandbox: true, role: 'approver', permissions: ['read:order', 'approve:refund'] },
  ],
};

/** How often the header asks how many approvals wait (approvals-count-query.ts). */
const COUNT_POLL_MS = 30_000;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setServerConfigForTests({ mode: 'team', auth: 'local', me: readMe(ME) });
});

afterEach(() => {
  vi.useRealTimers();
  setServerConfigForTests(null);
  sessionEndedStore.set(false);
});

test('a session that ends during the approvals count poll opens the sign-in dialog; signing in again reads the count again', async () => {
  let session: 'open' | 'ended' = 'open';
  let waiting = 2;
  const counts: string[] = [];
  server.use(
    http.get(`${CONSOLE_ORIGIN}${consoleApiPaths.approvalsCount()}`, () => {
      counts.push(session);
      if (session === 'ended') return HttpResponse.json({ detail: 'You are signed out. Sign in again to carry on.', code: 'session_ended' }, { status: 401 });
      return HttpResponse.json({ waiting });
    }),
    // The header's count of armed fault rules, which the sandbox environment also shows.
    http.get(`${CONSOLE_ORIGIN}/env/sandbox/sandbox/faults`, () => HttpResponse.json({ results: [] })),
    http.post(`${CONSOLE_ORIGIN}${consoleApiPaths.signIn()}`, async ({ request }) => {
      const body = await request.json();
      if (typeof body !== 'object' || body === null || !('password' in body) || body.password !== 'right password') {
        return HttpResponse.json({ detail: 'Wrong email or password, or the account is disabled.', code: 'sign_in_failed' }, { status: 401 });
      }
      session = 'open';
      return HttpResponse.json(ME);
    }),
  );
  const { user } = renderApp('/settings');
  expect((await screen.findAllByRole('link', { name: 'Approvals: 2 waiting' })).length).toBeGreaterThan(0);
  expect(screen.queryByRole('dialog', { name: 'Your session ended' })).toBeNull();

  // The session ends on the server (an idle timeout); nothing on the page has been touched.
  session = 'ended';
  waiting = 3;
  await act(() => vi.advanceTimersByTimeAsync(COUNT_POLL_MS));
  const dialog = await screen.findByRole('dialog', { name: 'Your session ended' });
  expect(counts).toContain('ended');

  // A wrong password says so and keeps the dialog; the right one closes it and the count is read again.
  await user.type(within(dialog).getByLabelText(/^Password/), 'wrong password');
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('Wrong email or password');
  await user.clear(within(dialog).getByLabelText(/^Password/));
  await user.type(within(dialog).getByLabelText(/^Password/), 'right password');
  await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  expect((await screen.findAllByRole('link', { name: 'Approvals: 3 waiting' })).length).toBeGreaterThan(0);
  expect(screen.queryByRole('dialog', { name: 'Your session ended' })).toBeNull();
});
