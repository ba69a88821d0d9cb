import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { userListSchema, userSummarySchema } from '../contract/users.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, PASSWORD, signIn, startTeamServer } from './testing/team-server.ts';

// docs/decisions.md D16: the users page's API. Admins of the whole console only; every change an audit
// row with the admin's name; no admin can lock themselves out; bad input is a 4xx, never a 5xx.

let server: TeamServer;
const cookies = new Map<string, string>();

beforeAll(async () => {
  server = await startTeamServer({
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } },
      // Never called here: only its id matters, to the grants' check.
      { id: 'staging', name: 'Staging', production: false, approvalThreshold: null, target: { kind: 'http', baseUrl: 'http://127.0.0.1:9', token: 'staging-token' } },
    ],
  });
  await server.addUser('admin@example.com', ['admin']);
  await server.addUser('local-admin@example.com', ['admin@sandbox']);
  await server.addUser('agent@example.com', ['agent']);
  for (const email of ['admin@example.com', 'local-admin@example.com', 'agent@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const as = (email: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });

const errorOf = async (response: Response) => z.object({ code: z.string(), detail: z.string() }).parse(await response.json());

const lastRow = async () =>
  z
    .object({ user_name: z.string().nullable(), action: z.string(), outcome: z.string(), body: z.string() })
    .parse((await server.db.query('SELECT user_name, action, outcome, body::text AS body FROM audit_log ORDER BY seq DESC LIMIT 1')).rows[0]);

test('an agent and an admin of one environment are refused (403) on every route, and the attempt is recorded', async () => {
  for (const email of ['agent@example.com', 'local-admin@example.com']) {
    for (const [method, path, body] of [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', { email: 'x@example.com', grants: ['admin'], password: PASSWORD }],
      ['PATCH', '/api/users/agent%40example.com', { status: 'disabled' }],
    ] as const) {
      const response = await as(email, method, path, body);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'permission_denied' });
      expect(await lastRow()).toMatchObject({ user_name: email, action: 'forbidden', outcome: 'refused' });
    }
  }
  expect((await server.db.query(`SELECT 1 FROM console_users WHERE email = 'x@example.com'`)).rows).toEqual([]);
});

test('an admin adds a user with a role and an initial password; the user signs in with it; the add is audited without the password', async () => {
  const password = 'first-password-for-new';
  const response = await as('admin@example.com', 'POST', '/api/users', { email: 'New@Example.com', grants: ['agent@sandbox'], password });
  expect(response.status).toBe(201);
  const text = await response.text();
  expect(text).not.toContain(password);
  expect(userSummarySchema.parse(JSON.parse(text))).toEqual({ email: 'new@example.com', status: 'active', grants: ['agent@sandbox'], locked_until: null, second_factor: false });
  const row = await lastRow();
  expect(row).toMatchObject({ user_name: 'admin@example.com', action: 'user_add', outcome: 'ok' });
  expect(row.body).toContain('agent@sandbox');
  expect(row.body).not.toContain(password);
  expect((await signIn(server.url, 'new@example.com', password)).status).toBe(200);

  const list = userListSchema.parse(await (await as('admin@example.com', 'GET', '/api/users')).json());
  expect(list.users.find((u) => u.email === 'new@example.com')).toEqual({ email: 'new@example.com', status: 'active', grants: ['agent@sandbox'], locked_until: null, second_factor: false });
  expect(JSON.stringify(list)).not.toContain('scrypt');

  const again = await as('admin@example.com', 'POST', '/api/users', { email: 'new@example.com', grants: ['viewer'], password });
  expect(again.status).toBe(409);
});

test('disable signs the user out and refuses their sign-in; enable lets them back; set-role changes what they may do; each audited', async () => {
  await server.addUser('moved@example.com', ['viewer']);
  const theirCookie = cookieOf(await signIn(server.url, 'moved@example.com'));

  const disabled = await as('admin@example.com', 'PATCH', '/api/users/moved%40example.com', { status: 'disabled' });
  expect(disabled.status).toBe(200);
  expect(userSummarySchema.parse(await disabled.json()).status).toBe('disabled');
  expect(await lastRow()).toMatchObject({ user_name: 'admin@example.com', action: 'user_disable', outcome: 'ok' });
  expect((await fetch(`${server.url}/api/me`, { headers: { Cookie: theirCookie } })).status).toBe(401);
  expect((await signIn(server.url, 'moved@example.com')).status).toBe(401);

  const enabled = await as('admin@example.com', 'PATCH', '/api/users/moved%40example.com', { status: 'active' });
  expect(enabled.status).toBe(200);
  expect(await lastRow()).toMatchObject({ user_name: 'admin@example.com', action: 'user_enable', outcome: 'ok' });
  const signedIn = await signIn(server.url, 'moved@example.com');
  expect(signedIn.status).toBe(200);

  const changed = await as('admin@example.com', 'PATCH', '/api/users/moved%40example.com', { grants: ['approver@sandbox', 'viewer'] });
  expect(userSummarySchema.parse(await changed.json()).grants).toEqual(['approver@sandbox', 'viewer']);
  const row = await lastRow();
  expect(row).toMatchObject({ user_name: 'admin@example.com', action: 'user_set_role', outcome: 'ok' });
  expect(row.body).toContain('approver@sandbox');
  // A change of privilege ends the person's sessions (session-idle.test.ts has the rotation); signed in again, they have the new grants.
  expect((await fetch(`${server.url}/api/me`, { headers: { Cookie: cookieOf(signedIn) } })).status).toBe(401);
  const again = cookieOf(await signIn(server.url, 'moved@example.com'));
  const me = z.object({ grants: z.array(z.string()) }).parse(await (await fetch(`${server.url}/api/me`, { headers: { Cookie: again } })).json());
  expect(me.grants).toEqual(['approver@sandbox', 'viewer']);
});

test('an admin cannot disable themselves or drop their own console-wide admin grant: 409 with a clear message, recorded', async () => {
  const disable = await as('admin@example.com', 'PATCH', '/api/users/admin%40example.com', { status: 'disabled' });
  expect(disable.status).toBe(409);
  const disableError = await errorOf(disable);
  expect(disableError.code).toBe('self_lockout');
  expect(disableError.detail).toContain('your own account');
  expect(await lastRow()).toMatchObject({ action: 'user_disable', outcome: 'refused' });

  const demote = await as('admin@example.com', 'PATCH', '/api/users/admin%40example.com', { grants: ['admin@sandbox'] });
  expect(demote.status).toBe(409);
  const demoteError = await errorOf(demote);
  expect(demoteError.code).toBe('self_lockout');
  expect(demoteError.detail).toContain('admin grant');
  expect(await lastRow()).toMatchObject({ action: 'user_set_role', outcome: 'refused' });

  const me = z.object({ grants: z.array(z.string()) }).parse(await (await as('admin@example.com', 'GET', '/api/me')).json());
  expect(me.grants).toEqual(['admin']);
  // Adding a grant beside the console-wide admin one is no lock-out; the admin goes on under a new session id.
  const added = await as('admin@example.com', 'PATCH', '/api/users/admin%40example.com', { grants: ['admin', 'agent@sandbox'] });
  expect(added.status).toBe(200);
  cookies.set('admin@example.com', cookieOf(added));
});

test('a grant for an environment there is not (agent@prod beside sandbox and staging) is refused, naming those there are; nothing changes', async () => {
  const detail = 'grants: There is no environment "prod" (in agent@prod): the environments are sandbox, staging; or give agent for all of them.';
  const add = await as('admin@example.com', 'POST', '/api/users', { email: 'pat@example.com', grants: ['viewer', 'agent@prod'], password: PASSWORD });
  expect(add.status).toBe(400);
  expect(await errorOf(add)).toEqual({ code: 'invalid', detail });
  expect((await server.db.query(`SELECT 1 FROM console_users WHERE email = 'pat@example.com'`)).rows).toEqual([]);

  await server.addUser('sam@example.com', ['viewer']);
  const change = await as('admin@example.com', 'PATCH', '/api/users/sam%40example.com', { grants: ['agent@prod'] });
  expect(change.status).toBe(400);
  expect(await errorOf(change)).toEqual({ code: 'invalid', detail });
  expect((await server.db.query(`SELECT grants FROM console_users WHERE email = 'sam@example.com'`)).rows).toEqual([{ grants: ['viewer'] }]);
  expect((await as('admin@example.com', 'PATCH', '/api/users/sam%40example.com', { grants: ['agent@staging', 'viewer'] })).status).toBe(200);
});

test('bad input is a 4xx naming the problem, never a 5xx, and changes nothing', async () => {
  const cases: [string, string, unknown, number][] = [
    ['POST', '/api/users', { email: 'bad@example.com', grants: ['superuser'], password: PASSWORD }, 400],
    ['POST', '/api/users', { email: 'bad@example.com', grants: ['agent@Prod!'], password: PASSWORD }, 400],
    ['POST', '/api/users', { email: 'bad@example.com', grants: [], password: PASSWORD }, 400],
    ['POST', '/api/users', { email: 'bad@example.com', grants: ['agent'] }, 400],
    ['POST', '/api/users', { email: 'bad@example.com', grants: ['agent'], password: 'short' }, 400],
    ['POST', '/api/users', { email: 'not-an-email', grants: ['agent'], password: PASSWORD }, 400],
    ['POST', '/api/users', { email: 'bad@example.com', grants: ['agent'], password: PASSWORD, admin: true }, 400],
    ['POST', '/api/users', '{not json', 400],
    ['POST', '/api/users', JSON.stringify({ email: 'bad@example.com', grants: ['agent'], password: 'x'.repeat(40_000) }), 413],
    ['PATCH', '/api/users/agent%40example.com', { grants: ['root'] }, 400],
    ['PATCH', '/api/users/agent%40example.com', {}, 400],
    ['PATCH', '/api/users/agent%40example.com', { status: 'deleted' }, 400],
    ['PATCH', '/api/users/nobody%40example.com', { status: 'disabled' }, 404],
    ['PATCH', '/api/users/%ZZ', { status: 'disabled' }, 404],
    ['PUT', '/api/users/agent%40example.com', { status: 'disabled' }, 405],
  ];
  for (const [method, path, body, status] of cases) {
    const response = await as('admin@example.com', method, path, body);
    expect({ method, path, body, status: response.status }).toEqual({ method, path, body, status });
  }
  const unknownRole = await as('admin@example.com', 'POST', '/api/users', { email: 'bad@example.com', grants: ['superuser'], password: PASSWORD });
  expect((await errorOf(unknownRole)).detail).toContain('unknown role "superuser"');
  expect((await server.db.query(`SELECT 1 FROM console_users WHERE email = 'bad@example.com'`)).rows).toEqual([]);
  expect(z.object({ grants: z.array(z.string()) }).parse(await (await as('agent@example.com', 'GET', '/api/me')).json()).grants).toEqual(['agent']);
});
