import { configure, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { changePasswordBodySchema } from '../../../contract/account.ts';
import type { TeamMe } from '../../../contract/console-api.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp, renderRoute } from '../../test/render.tsx';
import { AccountPage } from './account-page.tsx';

// docs/accounts.md: /account's "Change password" as a person uses it, against a fake of the server that
// parses the body with the contract's schema and refuses what the real one refuses; and the page a
// person with an admin-set password sees wherever they go, until they chose their own.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const EMAIL = 'cam@example.com';
const me = (setup?: TeamMe['setup']): TeamMe => ({
  email: EMAIL,
  grants: ['agent'],
  environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'agent', permissions: ['read:order'] }],
  ...(setup !== undefined && { setup }),
});

function fakePasswordApi(): { sent: unknown[]; setup: { value: TeamMe['setup'] } } {
  const sent: unknown[] = [];
  const setup: { value: TeamMe['setup'] } = { value: undefined };
  server.use(
    http.post(`${CONSOLE_ORIGIN}/api/account/password`, async ({ request }) => {
      const body = changePasswordBodySchema.parse(await request.json());
      sent.push(body);
      if (body.new_password.includes('cam')) return HttpResponse.json({ new_password: ['Too easy to guess. There should not be any personal or page related data.'] }, { status: 400 });
      if (body.current_password !== 'the old password') return HttpResponse.json({ current_password: ['This is not your current password.'] }, { status: 400 });
      setup.value = undefined;
      return HttpResponse.json(account);
    }),
    http.get(`${CONSOLE_ORIGIN}/api/account`, () => HttpResponse.json(account)),
    http.get(`${CONSOLE_ORIGIN}/api/me`, () => HttpResponse.json({ user: { email: EMAIL }, grants: ['agent'], environments: [], setup: setup.value ?? null })),
  );
  return { sent, setup };
}

const account = { email: EMAIL, setup: null, second_factor_required: false, totp: { enabled: false, recovery_codes_left: 0 }, passkeys: [] };

afterEach(() => setServerConfigForTests(null));

test('a refused new password is said under its field, which keeps what was typed; a wrong current one under its own; then it changes', async () => {
  setServerConfigForTests({ mode: 'team', auth: 'local', me: me() });
  const { sent } = fakePasswordApi();
  const { user } = renderRoute(<AccountPage />, { path: '/account' });

  const current = screen.getByLabelText('Current password');
  const next = screen.getByLabelText('New password', { exact: false });
  await user.type(current, 'the old password');
  await user.type(next, 'cam-is-my-name-1');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText(/^Too easy to guess/)).toBeInTheDocument();
  expect(next).toHaveValue('cam-is-my-name-1');
  expect(next).toHaveAttribute('aria-invalid', 'true');

  await user.clear(next);
  await user.type(next, 'tangerine vapor quilt');
  await user.clear(current);
  await user.type(current, 'not it at all');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('This is not your current password.')).toBeInTheDocument();

  await user.clear(current);
  await user.type(current, 'the old password');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('Password changed')).toBeInTheDocument();
  expect(next).toHaveValue('');
  expect(sent).toHaveLength(3);
});

test('short is refused in the browser before anything is sent', async () => {
  setServerConfigForTests({ mode: 'team', auth: 'local', me: me() });
  const { sent } = fakePasswordApi();
  const { user } = renderRoute(<AccountPage />, { path: '/account' });
  await user.type(screen.getByLabelText('Current password'), 'the old password');
  await user.type(screen.getByLabelText('New password', { exact: false }), 'too short');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('At least 12 characters')).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('with an admin-set password every path shows the setup page and no console around it; once changed, the console opens at /orders', async () => {
  server.use(http.get(`${CONSOLE_ORIGIN}/env/sandbox/sandbox/faults`, () => HttpResponse.json({ results: [] })));
  setServerConfigForTests({ mode: 'team', auth: 'local', me: me('change_password') });
  const { setup } = fakePasswordApi();
  setup.value = 'change_password';
  const { user, router } = renderApp('/orders');

  expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  await user.type(screen.getByLabelText('Current password'), 'the old password');
  await user.type(screen.getByLabelText('New password', { exact: false }), 'tangerine vapor quilt');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
  expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
});
