import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { orderServicePaths } from '../contract/paths.ts';
import { validRefundBody } from '../contract/test-support.ts';
import { freePort } from '../sandbox/testing/child.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import type { TestProvider } from './oidc/testing/test-provider.ts';
import { authorizeAt, startTestProvider } from './oidc/testing/test-provider.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, startTeamServer } from './testing/team-server.ts';

// docs/decisions.md D16, docs/oidc.md: CONSOLE_AUTH=oidc against a real OpenID provider (oidc-provider):
// the attempt waits server-side under a SameSite=Lax cookie, the callback counts once, roles come
// from the claim, and every failure ends on the sign-in page with no session and no 5xx.

const SECRET = 'a-long-test-secret-for-the-console';
let provider: TestProvider;
let server: TeamServer;

beforeAll(async () => {
  const port = await freePort();
  provider = await startTestProvider({
    clients: [{ clientId: 'order-console', clientSecret: SECRET, redirectUris: [`http://127.0.0.1:${port}/auth/oidc/callback`] }],
    accounts: [
      { sub: 'alice', claims: { email: 'alice@example.com', email_verified: true, name: 'Alice', roles: ['agent@sandbox', 'offline_access'] } },
      { sub: 'vera', claims: { email: 'vera@example.com', email_verified: true, roles: ['viewer'] } },
      { sub: 'nobody', claims: { email: 'nobody@example.com', email_verified: true, roles: ['Agent'] } },
      // The provider sends no roles claim at all (a mapper or scope missing there).
      { sub: 'unmapped', claims: { email: 'unmapped@example.com', email_verified: true } },
      // Typed an address they do not own at the provider (it does not check it, and says so).
      { sub: 'mallory', claims: { email: 'approver@example.com', email_verified: false, roles: ['approver@sandbox'] } },
      { sub: 'the-approver', claims: { email: 'approver@example.com', email_verified: true, roles: ['approver@sandbox'] } },
    ],
  });
  const oidc: OidcConfig = { issuer: provider.issuer, clientId: 'order-console', clientSecret: SECRET, rolesClaim: 'roles', scopes: ['openid', 'email', 'profile'] };
  server = await startTeamServer({ port, oidc, config: { auth: 'oidc' } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

const meSchema = z.object({ user: z.object({ email: z.string() }), grants: z.array(z.string()), environments: z.array(z.object({ id: z.string(), permissions: z.array(z.string()) })) });

async function start(): Promise<{ location: string; attempt: string; setCookie: string }> {
  const response = await fetch(`${server.url}/auth/oidc/start?return_to=%2Forders`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const setCookie = response.headers.get('set-cookie') ?? '';
  return { location: response.headers.get('location') ?? '', attempt: cookieOf(response), setCookie };
}

async function signInAs(login: string) {
  const { location, attempt } = await start();
  const callback = await authorizeAt(location, { login });
  const response = await fetch(callback, { headers: { Cookie: attempt }, redirect: 'manual' });
  return { response, callback, attempt, session: (response.headers.getSetCookie().find((c) => c.startsWith('console_session=')) ?? '').split(';')[0] ?? '' };
}

test('the attempt waits server-side under a short-lived SameSite=Lax HttpOnly cookie; nothing of it in the URL', async () => {
  const { location, setCookie } = await start();
  expect(setCookie).toMatch(/^console_oidc_attempt=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/auth\/oidc; HttpOnly; SameSite=Lax$/);
  expect(new URL(location).origin).toBe(provider.issuer);
  expect(new URL(location).searchParams.get('code_challenge_method')).toBe('S256');
});

test('an agent signs in: a session with the roles of the claim, audited; the callback counts once', async () => {
  const { response, callback, attempt, session } = await signInAs('alice');
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('url=/orders');
  expect(session).toMatch(/^console_session=/);
  const me = meSchema.parse(await (await fetch(`${server.url}/api/me`, { headers: { Cookie: session } })).json());
  expect(me.user.email).toBe('alice@example.com');
  expect(me.grants).toEqual(['agent@sandbox']);
  expect(me.environments[0]?.permissions).toContain('request:refund');
  const { rows } = await server.db.query("SELECT user_name, role, outcome FROM audit_log WHERE action = 'sign_in' ORDER BY seq DESC LIMIT 1");
  expect(rows[0]).toEqual({ user_name: 'alice@example.com', role: 'agent@sandbox', outcome: 'ok' });

  const again = await fetch(callback, { headers: { Cookie: attempt }, redirect: 'manual' });
  expect(again.status).toBe(400);
  expect(await again.text()).toContain('Start it again');
  expect(again.headers.getSetCookie().some((c) => c.startsWith('console_session='))).toBe(false);
});

test('a viewer signs in and may read but not refund', async () => {
  const { session } = await signInAs('vera');
  const me = meSchema.parse(await (await fetch(`${server.url}/api/me`, { headers: { Cookie: session } })).json());
  expect(me.environments[0]?.permissions).toEqual(['read:order']);
  const refund = await fetch(`${server.url}/env/sandbox${orderServicePaths.orderRefund('6f1c2b9e-3d4a-4e8b-9c1d-2a3b4c5d6e7f')}`, {
    method: 'POST',
    headers: { Cookie: session, Origin: server.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validRefundBody(), amount: '1.00' }),
  });
  expect(refund.status).toBe(403);
  expect(await refund.json()).toMatchObject({ code: 'permission_denied' });
});

test('an unverified e-mail is no name here: whoever claims approver@example.com first does not become that approver', async () => {
  const first = await signInAs('mallory');
  expect(first.response.status).toBe(200);
  const mallory = meSchema.parse(await (await fetch(`${server.url}/api/me`, { headers: { Cookie: first.session } })).json());
  expect(mallory.user.email).toMatch(/^[0-9a-f]{24}@oidc\.invalid$/);
  const { rows } = await server.db.query("SELECT body::text AS body FROM audit_log WHERE action = 'sign_in' ORDER BY seq DESC LIMIT 1");
  expect(z.object({ body: z.string() }).parse(rows[0]).body).toContain('"email_verified":false');

  const owner = await signInAs('the-approver');
  const approver = meSchema.parse(await (await fetch(`${server.url}/api/me`, { headers: { Cookie: owner.session } })).json());
  expect(approver.user.email).toBe('approver@example.com');
});

test('an ID token forged on the way (the approver’s identity, signed with another key) signs nobody in', async () => {
  provider.tamperWithIdTokens((claims) => ({ claims: { ...claims, sub: 'the-approver', email: 'approver@example.com', email_verified: true, roles: ['approver@sandbox'] }, signedWith: 'another-key' }));
  try {
    const { response, session } = await signInAs('vera');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('did not pass the console');
    expect(session).toBe('');
    const { rows } = await server.db.query("SELECT outcome FROM audit_log WHERE action = 'sign_in_failed' ORDER BY seq DESC LIMIT 1");
    expect(rows[0]).toEqual({ outcome: 'invalid_response' });
  } finally {
    provider.tamperWithIdTokens(null);
  }
});

test('no valid role in the claim: no session, the page says why, the attempt audited', async () => {
  const { response, session } = await signInAs('nobody');
  expect(response.status).toBe(403);
  expect(await response.text()).toContain('no role in this console');
  expect(session).toBe('');
  const { rows } = await server.db.query("SELECT user_name, outcome FROM audit_log WHERE action = 'sign_in_failed' ORDER BY seq DESC LIMIT 1");
  expect(rows[0]).toEqual({ user_name: 'nobody@example.com', outcome: 'no_role' });
});

test('no roles claim at all: logged and audited as the claim missing from the ID token and userinfo, the page says the provider sent none', async () => {
  const { response, session } = await signInAs('unmapped');
  expect(response.status).toBe(403);
  expect(await response.text()).toContain('The sign-in provider did not send your roles (the claim roles)');
  expect(session).toBe('');
  expect(server.logs).toContain('oidc: unmapped@example.com not signed in: the roles claim `roles` was not in the ID token or userinfo');
  expect(server.audit.at(-1)).toMatchObject({
    user: 'unmapped@example.com',
    action: 'sign_in_failed',
    outcome: 'no_roles_claim',
    body: { reason: 'the roles claim `roles` was not in the ID token or userinfo', unknown_roles: [] },
  });
  // Names that are no role here are another story, and say so.
  await signInAs('nobody');
  expect(server.logs.at(-1)).toBe('oidc: nobody@example.com not signed in: the roles claim `roles` held no role of this console (only Agent)');
});

test('Cancel at the provider: the sign-in page says so, no session', async () => {
  const { location, attempt } = await start();
  const callback = await authorizeAt(location, { deny: true });
  const response = await fetch(callback, { headers: { Cookie: attempt }, redirect: 'manual' });
  expect(response.status).toBe(400);
  expect(await response.text()).toContain('cancelled or refused');
  expect(response.headers.getSetCookie().some((c) => c.startsWith('console_session='))).toBe(false);
});

test('the sign-in page offers the provider; a provider that is down gives a clear page, never a 5xx', async () => {
  const page = await fetch(`${server.url}/sign-in`);
  expect(await page.text()).toContain(`Sign in with ${new URL(provider.issuer).host}`);
  const port = await freePort();
  const down = await startTeamServer({
    config: { auth: 'oidc' },
    oidc: { issuer: `http://127.0.0.1:${port}`, clientId: 'order-console', clientSecret: SECRET, rolesClaim: 'roles', scopes: ['openid'], providerName: 'Contoso sign-in' },
  });
  try {
    // OIDC_PROVIDER_NAME names the button instead of the issuer's host.
    expect(await (await fetch(`${down.url}/sign-in`)).text()).toContain('>Sign in with Contoso sign-in</a>');
    const response = await fetch(`${down.url}/auth/oidc/start`, { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('cannot be reached');
    expect(response.headers.get('set-cookie')).toBeNull();
  } finally {
    await down.close();
  }
});
