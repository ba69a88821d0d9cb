import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { resetLinkSchema } from '../../contract/account.ts';
import { ACCOUNT_LIMIT } from '../sign-in-throttle.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { callAs, cookieOf, PASSWORD, signIn, startTeamServer } from '../testing/team-server.ts';

// docs/accounts.md: passwords over HTTP as the console and a reset link's page use them: change (the
// current one counted like a sign-in), an admin-set one changed first, a reset link that works once
// for an hour and is kept only as a hash, and removal.

let server: TeamServer;

beforeAll(async () => {
  server = await startTeamServer();
  await server.addUser('admin@example.com', ['admin']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const call = (cookie: string, method: string, path: string, body?: unknown) => callAs(server.url, cookie, method, path, body);

const sessionOf = async (email: string, password = PASSWORD) => {
  const response = await signIn(server.url, email, password);
  expect(response.status).toBe(200);
  return cookieOf(response);
};

const auditText = async () => JSON.stringify((await server.db.query('SELECT * FROM audit_log')).rows);
const setupOf = async (cookie: string) => z.object({ setup: z.string().nullish() }).parse(await (await call(cookie, 'GET', '/api/me')).json()).setup ?? null;

test('changing the password: a guessable one is refused with the reason and costs no attempt; a wrong current one counts; then other sessions end', async () => {
  await server.addUser('cam@example.com', ['agent']);
  const here = await sessionOf('cam@example.com');
  const elsewhere = await sessionOf('cam@example.com');

  const weak = await call(here, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'cam@example.com1' });
  expect(weak.status).toBe(400);
  expect(await weak.json()).toEqual({ new_password: [expect.stringMatching(/^Too easy to guess\. There should not be any personal/)] });
  const short = await call(here, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'short' });
  expect(await short.json()).toEqual({ new_password: ['At least 12 characters'] });

  const wrong = await call(here, 'POST', '/api/account/password', { current_password: 'not-the-password', new_password: 'tangerine vapor quilt' });
  expect(wrong.status).toBe(400);
  expect(await wrong.json()).toEqual({ current_password: ['This is not your current password.'] });
  expect((await server.db.query(`SELECT failures FROM console_sign_in_limits WHERE key = 'account:cam@example.com'`)).rows).toEqual([{ failures: 1 }]);

  const changed = await call(here, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'tangerine vapor quilt' });
  expect(changed.status).toBe(200);
  expect((await call(here, 'GET', '/api/me')).status).toBe(200);
  expect((await call(elsewhere, 'GET', '/api/me')).status).toBe(401);
  expect((await signIn(server.url, 'cam@example.com')).status).toBe(401);
  expect((await signIn(server.url, 'cam@example.com', 'tangerine vapor quilt')).status).toBe(200);
  const audit = await auditText();
  expect(audit).toContain('"action":"password_change"');
  expect(audit).not.toContain('tangerine vapor quilt');
  expect(audit).not.toContain(PASSWORD);
});

test('guessing the current password from a session locks the account like wrong sign-ins do', async () => {
  await server.addUser('gus@example.com', ['agent']);
  const session = await sessionOf('gus@example.com');
  for (let i = 0; i < ACCOUNT_LIMIT; i++) {
    expect((await call(session, 'POST', '/api/account/password', { current_password: `guess-${i}`, new_password: 'tangerine vapor quilt' })).status).toBe(400);
  }
  const locked = await call(session, 'POST', '/api/account/password', { current_password: PASSWORD, new_password: 'tangerine vapor quilt' });
  expect(locked.status).toBe(429);
  expect(locked.headers.get('retry-after')).toMatch(/^[0-9]+$/);
  expect((await signIn(server.url, 'gus@example.com')).status).toBe(429);
});

test('an admin-set password must be changed first: until then only /api/me and /api/account answer, and pages go to /account', async () => {
  const admin = await sessionOf('admin@example.com');
  expect((await call(admin, 'POST', '/api/users', { email: 'new@example.com', grants: ['agent'], password: 'password1234' })).status).toBe(400);
  expect((await call(admin, 'POST', '/api/users', { email: 'new@example.com', grants: ['agent'], password: 'a first password' })).status).toBe(201);
  const session = await sessionOf('new@example.com', 'a first password');
  expect(await setupOf(session)).toBe('change_password');
  for (const path of ['/api/approvals/count', '/api/orders/search?q=x', '/env/sandbox/psp/v2/orders/']) {
    const refused = await call(session, 'GET', path);
    expect({ path, status: refused.status }).toEqual({ path, status: 403 });
    expect(await refused.json()).toMatchObject({ code: 'account_setup_required' });
  }
  const page = await fetch(`${server.url}/orders`, { headers: { Cookie: session, Accept: 'text/html' }, redirect: 'manual' });
  expect({ status: page.status, location: page.headers.get('location') }).toEqual({ status: 303, location: '/account' });
  expect(await (await call(session, 'GET', '/api/account')).json()).toMatchObject({ email: 'new@example.com', setup: 'change_password' });

  expect((await call(session, 'POST', '/api/account/password', { current_password: 'a first password', new_password: 'tangerine vapor quilt' })).status).toBe(200);
  expect(await setupOf(session)).toBeNull();
  expect((await call(session, 'GET', '/api/approvals/count')).status).toBe(200);
});

async function issueLink(admin: string, email: string): Promise<{ link: string; token: string }> {
  const response = await call(admin, 'POST', `/api/users/${encodeURIComponent(email)}/password-reset`);
  expect(response.status).toBe(201);
  const { link } = resetLinkSchema.parse(await response.json());
  const token = /^http:\/\/127\.0\.0\.1:[0-9]+\/reset-password#([A-Za-z0-9_-]{43})$/.exec(link)?.[1];
  if (token === undefined) throw new Error(`not a reset link: ${link}`);
  return { link, token };
}

const post = (path: string, body: unknown) => fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify(body) });

test('a reset link: its token only in the fragment and never stored or audited; a weak password leaves it usable; it works once and ends every session', async () => {
  const admin = await sessionOf('admin@example.com');
  await server.addUser('rita@example.com', ['viewer']);
  const before = await sessionOf('rita@example.com');
  const { token } = await issueLink(admin, 'rita@example.com');
  expect(JSON.stringify((await server.db.query('SELECT * FROM console_password_resets')).rows)).not.toContain(token);

  const page = await fetch(`${server.url}/reset-password`);
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(await (await post('/auth/password-reset/check', { token })).json()).toEqual({ email: 'rita@example.com' });
  const weak = await post('/auth/password-reset', { token, password: 'rita@example.com!' });
  expect(weak.status).toBe(400);
  expect(await weak.json()).toEqual({ password: [expect.stringMatching(/^Too easy to guess/)] });

  expect((await post('/auth/password-reset', { token, password: 'tangerine vapor quilt' })).status).toBe(200);
  expect((await call(before, 'GET', '/api/me')).status).toBe(401);
  expect((await signIn(server.url, 'rita@example.com', 'tangerine vapor quilt')).status).toBe(200);
  const again = await post('/auth/password-reset', { token, password: 'another fine sentence' });
  expect(again.status).toBe(410);
  const gone = z.object({ code: z.string(), detail: z.string() }).parse(await again.json());
  expect(gone.code).toBe('link_gone');
  expect(gone.detail).toContain('used already or has expired');
  expect((await post('/auth/password-reset/check', { token })).status).toBe(410);
  expect((await signIn(server.url, 'rita@example.com', 'another fine sentence')).status).toBe(401);

  const audit = await auditText();
  expect(audit).toContain('"action":"password_reset_issued"');
  expect(audit).toContain('"action":"password_reset_used"');
  expect(audit).not.toContain(token);
  expect(audit).not.toContain('tangerine vapor quilt');
});

test('a reset link expires after its hour, and a newer link ends the one before', async () => {
  const admin = await sessionOf('admin@example.com');
  await server.addUser('ed@example.com', ['viewer']);
  const first = await issueLink(admin, 'ed@example.com');
  const second = await issueLink(admin, 'ed@example.com');
  expect((await post('/auth/password-reset', { token: first.token, password: 'tangerine vapor quilt' })).status).toBe(410);
  const expiry = await server.db.query(`SELECT round(extract(epoch FROM expires_at - created_at)) AS seconds FROM console_password_resets WHERE email = 'ed@example.com' AND used_at IS NULL`);
  expect(expiry.rows).toEqual([{ seconds: '3600' }]);
  await server.db.query(`UPDATE console_password_resets SET expires_at = now() - interval '1 second' WHERE email = 'ed@example.com'`);
  expect((await post('/auth/password-reset', { token: second.token, password: 'tangerine vapor quilt' })).status).toBe(410);
  expect((await signIn(server.url, 'ed@example.com')).status).toBe(200);
  for (const token of ['', 'x'.repeat(43), 'not a token']) expect((await post('/auth/password-reset/check', { token })).status).toBe(410);
});

test('removing a person ends their sessions, keeps their name in the audit, refuses the admin themselves, and the address can be added again', async () => {
  const admin = await sessionOf('admin@example.com');
  await server.addUser('rem@example.com', ['agent']);
  const theirs = await sessionOf('rem@example.com');
  expect((await call(admin, 'DELETE', '/api/users/admin%40example.com')).status).toBe(409);
  expect((await call(admin, 'DELETE', '/api/users/rem%40example.com')).status).toBe(204);
  expect((await call(theirs, 'GET', '/api/me')).status).toBe(401);
  expect((await signIn(server.url, 'rem@example.com')).status).toBe(401);
  expect((await call(admin, 'DELETE', '/api/users/rem%40example.com')).status).toBe(404);
  const rows = await server.db.query(`SELECT user_name, outcome FROM audit_log WHERE action = 'user_remove' AND body->>'email' = 'rem@example.com'`);
  expect(rows.rows).toEqual([{ user_name: 'admin@example.com', outcome: 'ok' }]);
  expect((await server.db.query(`SELECT 1 FROM audit_log WHERE user_name = 'rem@example.com' AND action = 'sign_in'`)).rows.length).toBeGreaterThan(0);
  expect((await call(admin, 'POST', '/api/users', { email: 'rem@example.com', grants: ['viewer'], password: 'a first password' })).status).toBe(201);
  expect(await setupOf(await sessionOf('rem@example.com', 'a first password'))).toBe('change_password');
});
