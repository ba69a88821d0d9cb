import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import type { UserSummary } from '../../../contract/users.ts';
import { addUserBodySchema, patchUserBodySchema, USERS_API_PATH } from '../../../contract/users.ts';
import { AppShellLayout } from '../../app/app-shell-layout.tsx';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderRoute } from '../../test/render.tsx';
import { UsersPage } from './users-page.tsx';

// docs/decisions.md D16: /users as an admin uses it, against a small stateful fake of /api/users that
// parses bodies with the contract's schemas and refuses self-lockout as the server does.

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const ADMIN = 'ana@example.com';

function fakeUsersApi(initial: UserSummary[]) {
  const users = new Map(initial.map((u) => [u.email, { ...u }]));
  const sent: unknown[] = [];
  server.use(
    http.get(`${CONSOLE_ORIGIN}${USERS_API_PATH}`, () => HttpResponse.json({ users: [...users.values()] })),
    http.post(`${CONSOLE_ORIGIN}${USERS_API_PATH}`, async ({ request }) => {
      const raw: unknown = await request.json();
      sent.push(raw);
      const body = addUserBodySchema.safeParse(raw);
      if (!body.success) return HttpResponse.json({ code: 'invalid', detail: body.error.issues[0]?.message ?? 'invalid' }, { status: 400 });
      const user: UserSummary = { email: body.data.email, status: 'active', grants: body.data.grants.map((g) => (g.environment === null ? g.role : `${g.role}@${g.environment}`)), locked_until: null };
      users.set(user.email, user);
      return HttpResponse.json(user, { status: 201 });
    }),
    http.patch(`${CONSOLE_ORIGIN}${USERS_API_PATH}/:email`, async ({ request, params }) => {
      const raw: unknown = await request.json();
      sent.push(raw);
      const email = decodeURIComponent(String(params['email']));
      const body = patchUserBodySchema.parse(raw);
      const user = users.get(email);
      if (user === undefined) return HttpResponse.json({ code: 'not_found', detail: 'No such user.' }, { status: 404 });
      if (email === ADMIN && body.status === 'disabled') return HttpResponse.json({ code: 'self_lockout', detail: 'You cannot disable your own account: ask another admin.' }, { status: 409 });
      if (body.status !== undefined) user.status = body.status;
      if (body.grants !== undefined) user.grants = body.grants.map((g) => (g.environment === null ? g.role : `${g.role}@${g.environment}`));
      return HttpResponse.json(user);
    }),
    http.post(`${CONSOLE_ORIGIN}${USERS_API_PATH}/:email/password-reset`, ({ params }) => {
      const email = decodeURIComponent(String(params['email']));
      sent.push({ reset: email });
      return HttpResponse.json({ link: `${CONSOLE_ORIGIN}/reset-password#${'t'.repeat(43)}`, expires_at: '2030-01-01T11:00:00.000Z' }, { status: 201 });
    }),
    http.delete(`${CONSOLE_ORIGIN}${USERS_API_PATH}/:email`, ({ params }) => {
      const email = decodeURIComponent(String(params['email']));
      sent.push({ remove: email });
      if (email === ADMIN) return HttpResponse.json({ code: 'self_lockout', detail: 'You cannot remove your own account: ask another admin.' }, { status: 409 });
      users.delete(email);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`${CONSOLE_ORIGIN}${USERS_API_PATH}/:email/unlock`, ({ params }) => {
      const email = decodeURIComponent(String(params['email']));
      sent.push({ unlock: email });
      const user = users.get(email);
      if (user === undefined) return HttpResponse.json({ code: 'not_found', detail: 'No such user.' }, { status: 404 });
      user.locked_until = null;
      return HttpResponse.json(user);
    }),
  );
  return sent;
}

const team = (grants: string[], auth: 'local' | 'oidc' = 'local') =>
  setServerConfigForTests({ mode: 'team', auth, me: { email: ADMIN, grants, environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, sandbox: true, role: 'admin', permissions: ['read:order'] }] } });

afterEach(() => setServerConfigForTests(null));

test('lists users; adds one with a role and an initial password that is then gone from the page and said to be never shown again', async () => {
  team(['admin']);
  const sent = fakeUsersApi([{ email: ADMIN, status: 'active', grants: ['admin'], locked_until: null }]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });

  const table = await screen.findByRole('table', { name: 'Users' });
  expect(within(table).getAllByRole('row')[1]).toHaveTextContent(`${ADMIN}activeadmin`);

  const form = screen.getByRole('form', { name: 'Add a user' });
  await user.type(within(form).getByLabelText('E-mail'), 'Bo@Example.com');
  await user.type(within(form).getByLabelText('Roles', { exact: false }), 'agent@sandbox, viewer');
  await user.type(within(form).getByLabelText('Initial password', { exact: false }), 'a-first-password');
  expect(within(form).getByLabelText('E-mail')).toHaveAttribute('name', 'email');
  await user.click(within(form).getByRole('button', { name: 'Add user' }));

  expect(await screen.findByText('bo@example.com added')).toBeInTheDocument();
  expect(screen.getByText(/never show it again/)).toBeInTheDocument();
  expect(sent).toEqual([{ email: 'bo@example.com', grants: ['agent@sandbox', 'viewer'], password: 'a-first-password' }]);
  expect(within(form).getByLabelText('Initial password', { exact: false })).toHaveValue('');
  expect(document.body.innerHTML).not.toContain('a-first-password');
  await waitFor(() => expect(within(table).getByText('bo@example.com')).toBeInTheDocument());
});

test('an unknown role is refused in the form, before anything is sent', async () => {
  team(['admin']);
  const sent = fakeUsersApi([]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });
  const form = screen.getByRole('form', { name: 'Add a user' });
  await user.type(within(form).getByLabelText('E-mail'), 'cy@example.com');
  await user.type(within(form).getByLabelText('Roles', { exact: false }), 'superuser');
  await user.type(within(form).getByLabelText('Initial password', { exact: false }), 'a-first-password');
  await user.click(within(form).getByRole('button', { name: 'Add user' }));
  expect(await within(form).findByText(/unknown role "superuser"/)).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('a role for an environment there is not (agent@prod) is refused in both forms, naming the environments there are; nothing is sent', async () => {
  setServerConfigForTests({
    mode: 'team',
    auth: 'local',
    me: {
      email: ADMIN,
      grants: ['admin'],
      environments: ['sandbox', 'staging'].map((id) => ({ id, name: id, production: false, approvalThreshold: null, sandbox: id === 'sandbox', role: 'admin', permissions: ['read:order'] })),
    },
  });
  const sent = fakeUsersApi([{ email: 'dee@example.com', status: 'active', grants: ['viewer'], locked_until: null }]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });
  const message = 'There is no environment "prod" (in agent@prod): the environments are sandbox, staging; or give agent for all of them';

  const form = screen.getByRole('form', { name: 'Add a user' });
  await user.type(within(form).getByLabelText('E-mail'), 'pat@example.com');
  await user.type(within(form).getByLabelText('Roles', { exact: false }), 'viewer, agent@prod');
  await user.type(within(form).getByLabelText('Initial password', { exact: false }), 'a-first-password');
  await user.click(within(form).getByRole('button', { name: 'Add user' }));
  expect(await within(form).findByText(message)).toBeInTheDocument();

  await user.click(await screen.findByRole('button', { name: 'Change roles of dee@example.com' }));
  const roles = screen.getByRole('textbox', { name: 'Roles of dee@example.com' });
  await user.clear(roles);
  await user.type(roles, 'agent@prod');
  await user.click(screen.getByRole('button', { name: 'Save roles' }));
  expect(await within(screen.getByRole('form', { name: 'Roles of dee@example.com' })).findByText(message)).toBeInTheDocument();
  expect(sent).toEqual([]);
});

test('disable, enable and change roles are sent; disabling oneself shows the server’s clear refusal', async () => {
  team(['admin']);
  const sent = fakeUsersApi([
    { email: ADMIN, status: 'active', grants: ['admin'], locked_until: null },
    { email: 'dee@example.com', status: 'active', grants: ['viewer'], locked_until: null },
  ]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });
  await screen.findByRole('table', { name: 'Users' });

  await user.click(screen.getByRole('button', { name: 'Disable dee@example.com' }));
  await user.click(await screen.findByRole('button', { name: 'Enable dee@example.com' }));
  await screen.findByRole('button', { name: 'Disable dee@example.com' });

  await user.click(screen.getByRole('button', { name: 'Change roles of dee@example.com' }));
  const roles = screen.getByRole('textbox', { name: 'Roles of dee@example.com' });
  await user.clear(roles);
  await user.type(roles, 'approver@sandbox');
  await user.click(screen.getByRole('button', { name: 'Save roles' }));
  await waitFor(() => expect(screen.getByRole('table', { name: 'Users' })).toHaveTextContent('approver@sandbox'));

  await user.click(screen.getByRole('button', { name: `Disable ${ADMIN}` }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You cannot disable your own account: ask another admin.');
  expect(sent).toEqual([{ status: 'disabled' }, { status: 'active' }, { grants: ['approver@sandbox'] }, { status: 'disabled' }]);
});

test('an account locked by failed sign-ins says until when, and Unlock opens it again', async () => {
  team(['admin']);
  const sent = fakeUsersApi([
    { email: ADMIN, status: 'active', grants: ['admin'], locked_until: null },
    { email: 'lu@example.com', status: 'active', grants: ['agent'], locked_until: '2030-01-01T10:30:00.000Z' },
  ]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });
  const table = await screen.findByRole('table', { name: 'Users' });
  const row = within(table).getByRole('row', { name: /lu@example\.com/ });
  expect(row).toHaveTextContent(/locked until/);
  expect(within(table).queryByRole('button', { name: `Unlock ${ADMIN}` })).toBeNull();

  await user.click(within(row).getByRole('button', { name: 'Unlock lu@example.com' }));
  await waitFor(() => expect(within(table).queryByText(/locked until/)).toBeNull());
  expect(within(table).queryByRole('button', { name: 'Unlock lu@example.com' })).toBeNull();
  expect(sent).toEqual([{ unlock: 'lu@example.com' }]);
});

test('Reset password shows the link once, to copy; Remove asks first, says the name stays in the audit, and takes the row away', async () => {
  team(['admin']);
  const sent = fakeUsersApi([
    { email: ADMIN, status: 'active', grants: ['admin'], locked_until: null },
    { email: 'rita@example.com', status: 'active', grants: ['viewer'], locked_until: null },
  ]);
  const { user } = renderRoute(<UsersPage />, { path: '/users' });
  const table = await screen.findByRole('table', { name: 'Users' });

  await user.click(within(table).getByRole('button', { name: 'More for rita@example.com' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
  const alert = (await screen.findByText('Reset link for rita@example.com')).closest('[role="status"]');
  expect(alert).toHaveTextContent(`${CONSOLE_ORIGIN}/reset-password#${'t'.repeat(43)}`);
  expect(alert).toHaveTextContent(/It works once, until/);
  expect(screen.getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close the link' }));
  expect(screen.queryByText('Reset link for rita@example.com')).toBeNull();

  await user.click(within(table).getByRole('button', { name: 'More for rita@example.com' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Remove rita@example.com?' });
  expect(dialog).toHaveTextContent('The audit log and past approvals keep their name');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(within(table).queryByText('rita@example.com')).toBeNull());
  expect(sent).toEqual([{ reset: 'rita@example.com' }, { remove: 'rita@example.com' }]);
});

test('with OpenID Connect sign-in, people and roles come from the provider: no add form, no role editing, disable still offered', async () => {
  team(['admin'], 'oidc');
  fakeUsersApi([{ email: 'oz@example.com', status: 'active', grants: ['viewer'], locked_until: null }]);
  renderRoute(<UsersPage />, { path: '/users' });
  await screen.findByRole('table', { name: 'Users' });
  expect(screen.getByText(/add people and change their roles at your identity provider/)).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Add a user' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Change roles of oz@example.com' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'More for oz@example.com' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Disable oz@example.com' })).toBeEnabled();
});

test('the Users link is shown to an admin of the whole console only', async () => {
  // The header's faults indicator asks the team's sandbox for its armed rules: none.
  server.use(http.get(`${CONSOLE_ORIGIN}/env/sandbox/sandbox/faults`, () => HttpResponse.json({ results: [] })));
  team(['admin@sandbox']);
  const first = renderRoute(<AppShellLayout />);
  expect(await first.findByRole('link', { name: 'Orders' })).toBeInTheDocument();
  expect(first.queryByRole('link', { name: 'Users' })).toBeNull();
  first.unmount();

  team(['admin']);
  const second = renderRoute(<AppShellLayout />);
  expect(await second.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
});
