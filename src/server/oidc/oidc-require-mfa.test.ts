import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../sandbox/testing/child.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { startTeamServer } from '../testing/team-server.ts';
import { amrShowsSecondFactor } from './oidc-amr.ts';
import { loadOidcConfig, OidcConfigError } from './oidc-config.ts';
import type { TestProvider } from './testing/test-provider.ts';
import { authorizeAt, startTestProvider } from './testing/test-provider.ts';

// docs/accounts.md: OIDC_REQUIRE_MFA=true against a real OpenID provider: a sign-in whose ID token's `amr`
// shows no second factor ends on a page that says so, with no session; one that shows it signs in.

const SECRET = 'a-long-test-secret-for-the-console';
let provider: TestProvider;
let server: TeamServer;

beforeAll(async () => {
  const port = await freePort();
  const account = (sub: string, amr?: string[]) => ({ sub, claims: { email: `${sub}@example.com`, email_verified: true, roles: ['agent'] }, ...(amr !== undefined && { amr }) });
  provider = await startTestProvider({
    clients: [{ clientId: 'order-console', clientSecret: SECRET, redirectUris: [`http://127.0.0.1:${port}/auth/oidc/callback`] }],
    accounts: [account('pat', ['pwd']), account('nia'), account('max', ['pwd', 'otp']), account('mia', ['mfa'])],
  });
  server = await startTeamServer({ port, config: { auth: 'oidc' }, oidc: { issuer: provider.issuer, clientId: 'order-console', clientSecret: SECRET, rolesClaim: 'roles', scopes: ['openid', 'email'], requireMfa: true } });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

async function signInAs(login: string): Promise<Response> {
  const start = await fetch(`${server.url}/auth/oidc/start?return_to=%2Forders`, { redirect: 'manual' });
  const attempt = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const callback = await authorizeAt(start.headers.get('location') ?? '', { login });
  return fetch(callback, { headers: { Cookie: attempt }, redirect: 'manual' });
}

const hasSession = (response: Response) => response.headers.getSetCookie().some((c) => c.startsWith('console_session=') && !c.startsWith('console_session=;'));

test('a password alone (amr pwd, or no amr) is refused with a page that says why, audited, no session', async () => {
  for (const login of ['pat', 'nia']) {
    const response = await signInAs(login);
    expect({ login, status: response.status }).toEqual({ login, status: 403 });
    expect(await response.text()).toContain('This console needs a second factor, and your sign-in provider did not report one for this sign-in.');
    expect(hasSession(response)).toBe(false);
  }
  const rows = await server.db.query(`SELECT user_name, outcome FROM audit_log WHERE action = 'sign_in_failed' ORDER BY seq`);
  expect(rows.rows).toEqual([
    { user_name: 'pat@example.com', outcome: 'no_second_factor' },
    { user_name: 'nia@example.com', outcome: 'no_second_factor' },
  ]);
});

test('a second factor in amr (pwd and otp, or mfa) signs in', async () => {
  for (const login of ['max', 'mia']) {
    const response = await signInAs(login);
    expect({ login, status: response.status, session: hasSession(response) }).toEqual({ login, status: 200, session: true });
  }
});

test('which amr values count as a second factor; OIDC_REQUIRE_MFA is true or false', () => {
  expect([['mfa'], ['pwd', 'hwk'], ['swk', 'user'], ['pwd', 'sms']].map(amrShowsSecondFactor)).toEqual([true, true, true, true]);
  expect([[], ['pwd'], ['otp'], ['pwd', 'kba'], ['pwd', 'fpt']].map(amrShowsSecondFactor)).toEqual([false, false, false, false, false]);
  const env = { OIDC_ISSUER: 'https://id.example.com', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', OIDC_ROLES_CLAIM: 'roles' };
  expect(loadOidcConfig(env).requireMfa).toBe(false);
  expect(loadOidcConfig({ ...env, OIDC_REQUIRE_MFA: 'true' }).requireMfa).toBe(true);
  expect(() => loadOidcConfig({ ...env, OIDC_REQUIRE_MFA: 'yes' })).toThrow(OidcConfigError);
});
