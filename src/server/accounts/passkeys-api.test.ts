import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { accountSchema } from '../../contract/account.ts';
import { ACCOUNT_LIMIT } from '../sign-in-throttle.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { callAs, cookieOf, PASSWORD, signIn, startTeamServer } from '../testing/team-server.ts';
import { creationOptionsSchema, forgersKey, requestOptionsSchema, SoftAuthenticator } from './testing/soft-authenticator.ts';

// docs/accounts.md: passkeys over HTTP as /account and the sign-in page use them, with an authenticator
// in software (testing/soft-authenticator.ts): added with the password again, a sign-in of their own,
// each answer once, forged answers counted like wrong passwords, removed ones refused.

let server: TeamServer;

beforeAll(async () => {
  server = await startTeamServer({ config: { mfaRequiredFor: ['approver'] } });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const call = (cookie: string, method: string, path: string, body?: unknown) => callAs(server.url, cookie, method, path, body);
const cookieNamed = (response: Response, name: string) => response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))?.split(';')[0] ?? '';
const auditOf = async (action: string, email: string) =>
  (await server.db.query(`SELECT user_name, outcome, body::text AS body FROM audit_log WHERE action = $1 AND (user_name = $2 OR body->>'email' = $2) ORDER BY seq`, [action, email])).rows;

/** "Add a passkey" as /account does it: the password again, the options, the authenticator's answer. */
async function addPasskey(session: string, name: string): Promise<SoftAuthenticator> {
  const options = creationOptionsSchema.parse(await (await call(session, 'POST', '/api/account/passkeys/options', { current_password: PASSWORD })).json());
  const key = new SoftAuthenticator();
  const added = await call(session, 'POST', '/api/account/passkeys', { name, response: key.create(options, server.url) });
  expect(added.status).toBe(201);
  return key;
}

/** "Sign in with a passkey" as the sign-in page's script does it: this browser's challenge, then the answer. */
async function passkeyAnswer(key: SoftAuthenticator, signWith?: Parameters<SoftAuthenticator['get']>[2]): Promise<{ browser: string; body: unknown }> {
  const start = await call('', 'POST', '/auth/passkey/options', {});
  expect(start.status).toBe(200);
  return { browser: cookieNamed(start, 'console_passkey'), body: { response: key.get(requestOptionsSchema.parse(await start.json()), server.url, signWith) } };
}
const send = (answer: { browser: string; body: unknown }) => call(answer.browser, 'POST', '/auth/passkey', answer.body);
const passkeySignIn = async (key: SoftAuthenticator) => send(await passkeyAnswer(key));

test('an approver held at enrolment adds a passkey (the password again first); it then signs them in alone, and the audit names it', async () => {
  await server.addUser('pia@example.com', ['approver@sandbox']);
  const session = cookieOf(await signIn(server.url, 'pia@example.com'));
  expect(accountSchema.parse(await (await call(session, 'GET', '/api/account')).json()).setup).toBe('enrol_second_factor');
  expect((await call(session, 'POST', '/api/account/passkeys/options', { current_password: 'not-the-password' })).status).toBe(400);

  const key = await addPasskey(session, 'Work laptop');
  const account = accountSchema.parse(await (await call(session, 'GET', '/api/account')).json());
  expect(account.setup).toBeNull();
  expect(account.passkeys.map((p) => p.name)).toEqual(['Work laptop']);

  const signedIn = await passkeySignIn(key);
  expect(signedIn.status).toBe(200);
  expect((await call(cookieNamed(signedIn, 'console_session'), 'GET', '/api/approvals/count')).status).toBe(200);
  // A password alone no longer signs in: the second step comes, and it names the passkey.
  const byPassword = await signIn(server.url, 'pia@example.com');
  expect(await byPassword.json()).toEqual({ second_factor: { methods: ['passkey'] } });
  expect(cookieNamed(byPassword, 'console_session')).toBe('');
  expect(await auditOf('passkey_add', 'pia@example.com')).toEqual([
    { user_name: 'pia@example.com', outcome: 'wrong_password', body: '{"email":"pia@example.com"}' },
    { user_name: 'pia@example.com', outcome: 'ok', body: '{"email":"pia@example.com","name":"Work laptop"}' },
  ]);
  expect((await auditOf('sign_in', 'pia@example.com')).at(-1)).toMatchObject({ body: '{"passkey":"Work laptop","second_factor":"passkey"}' });
});

test('an answer works once, and only for the challenge this browser was given', async () => {
  await server.addUser('ray@example.com', ['agent']);
  const key = await addPasskey(cookieOf(await signIn(server.url, 'ray@example.com')), 'Phone');
  const answer = await passkeyAnswer(key);
  expect((await send(answer)).status).toBe(200);
  // Sent again: its challenge was taken by the first use.
  expect((await send(answer)).status).toBe(401);
  // Sent with another browser's fresh challenge: signed for the old one.
  const other = await call('', 'POST', '/auth/passkey/options', {});
  expect((await send({ browser: cookieNamed(other, 'console_passkey'), body: answer.body })).status).toBe(401);
  // No challenge at all.
  expect((await send({ browser: '', body: (await passkeyAnswer(key)).body })).status).toBe(401);
  expect((await passkeySignIn(key)).status).toBe(200);
});

test('40 forged answers at once for one passkey: at most 10 are checked, then the account is locked, even for the real passkey', async () => {
  await server.addUser('fay@example.com', ['agent']);
  const key = await addPasskey(cookieOf(await signIn(server.url, 'fay@example.com')), 'Key');
  const forger = forgersKey();
  const answers = [];
  for (let i = 0; i < 40; i++) answers.push(await passkeyAnswer(key, forger));
  const results = await Promise.all(answers.map(async (a) => { const r = await send(a); return { status: r.status, detail: z.object({ detail: z.string() }).parse(await r.json()).detail }; }));
  expect(results.filter((r) => r.status === 200)).toEqual([]);
  expect(results.filter((r) => r.status === 401)).toHaveLength(ACCOUNT_LIMIT - 1);
  expect(results.filter((r) => r.status === 429)).toHaveLength(40 - (ACCOUNT_LIMIT - 1));
  const failures = await auditOf('sign_in_failed', 'fay@example.com');
  expect(failures.filter((row) => z.object({ outcome: z.string() }).parse(row).outcome === 'wrong_passkey')).toHaveLength(ACCOUNT_LIMIT);
  expect((await passkeySignIn(key)).status).toBe(429);
  expect((await signIn(server.url, 'fay@example.com')).status).toBe(429);
});

test('a removed passkey no longer signs in: removed by its person, or with every second factor by an admin (audited)', async () => {
  await server.addUser('root@example.com', ['admin']);
  const admin = cookieOf(await signIn(server.url, 'root@example.com'));
  await addPasskey(admin, 'Admin key');
  await server.addUser('ola@example.com', ['agent']);
  const session = cookieOf(await signIn(server.url, 'ola@example.com'));
  const first = await addPasskey(session, 'Old phone');
  const second = await addPasskey(session, 'New phone');
  expect((await call(session, 'DELETE', `/api/account/passkeys/${first.id.toString('base64url')}`)).status).toBe(200);
  expect((await passkeySignIn(first)).status).toBe(401);
  expect((await passkeySignIn(second)).status).toBe(200);

  const removed = await call(admin, 'DELETE', '/api/users/ola%40example.com/second-factor');
  expect(removed.status).toBe(200);
  expect((await passkeySignIn(second)).status).toBe(401);
  expect(await (await signIn(server.url, 'ola@example.com')).json()).toMatchObject({ user: { email: 'ola@example.com' } });
  expect((await auditOf('passkey_remove', 'ola@example.com')).map((r) => r.body)).toEqual(['{"email":"ola@example.com","name":"Old phone"}']);
  expect(await auditOf('mfa_remove', 'ola@example.com')).toEqual([{ user_name: 'root@example.com', outcome: 'ok', body: '{"email":"ola@example.com","removed":["passkey"]}' }]);
});
