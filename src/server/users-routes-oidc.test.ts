import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { userSummarySchema } from '../contract/users.ts';
import { createSession, SESSION_COOKIE } from './sessions.ts';
import type { TeamServer } from './testing/team-server.ts';
import { startTeamServer } from './testing/team-server.ts';

// docs/decisions.md D16 with OIDC: the provider's claim sets roles at every sign-in and the first sign-in
// makes the account, so the users API refuses adding people and changing roles (a clear 409), and
// still disables and enables them.

let server: TeamServer;
let cookie = '';

beforeAll(async () => {
  server = await startTeamServer({ config: { auth: 'oidc' } });
  await server.addUser('admin@example.com', ['admin']);
  await server.addUser('agent@example.com', ['agent']);
  // No provider in this test: the admin's session is made as a completed OIDC sign-in would make it.
  cookie = `${SESSION_COOKIE}=${await createSession(server.db, 'admin@example.com', { idleMs: 60_000, maxMs: 3_600_000 })}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const as = (method: string, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, { method, headers: { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const errorOf = async (response: Response) => z.object({ code: z.string(), detail: z.string() }).parse(await response.json());

test('adding a user or changing roles is refused with a sentence pointing at the provider; nothing changes', async () => {
  const add = await as('POST', '/api/users', { email: 'new@example.com', grants: ['viewer'] });
  expect(add.status).toBe(409);
  expect(await errorOf(add)).toMatchObject({ code: 'managed_by_provider' });
  const roles = await as('PATCH', '/api/users/agent%40example.com', { grants: ['admin'] });
  expect(roles.status).toBe(409);
  expect((await errorOf(roles)).detail).toContain('identity provider');
  const rows = (await server.db.query(`SELECT email, grants FROM console_users ORDER BY email`)).rows;
  expect(rows).toEqual([
    { email: 'admin@example.com', grants: ['admin'] },
    { email: 'agent@example.com', grants: ['agent'] },
  ]);
});

test('disable and enable still work, each audited', async () => {
  const disabled = await as('PATCH', '/api/users/agent%40example.com', { status: 'disabled' });
  expect(userSummarySchema.parse(await disabled.json()).status).toBe('disabled');
  const enabled = await as('PATCH', '/api/users/agent%40example.com', { status: 'active' });
  expect(userSummarySchema.parse(await enabled.json()).status).toBe('active');
  expect(server.audit.slice(-2).map((e) => [e.user, e.action, e.outcome])).toEqual([
    ['admin@example.com', 'user_disable', 'ok'],
    ['admin@example.com', 'user_enable', 'ok'],
  ]);
});
