import { request } from 'node:http';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { accountSchema, recoveryCodesSchema, totpSetupSchema } from '../../contract/account.ts';
import { ACCOUNT_LIMIT } from '../sign-in-throttle.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { callAs, cookieOf, PASSWORD, signIn, startTeamServer } from '../testing/team-server.ts';
import { secretKeyFromText } from './secret-key.ts';

// docs/accounts.md: an authenticator app (TOTP) over HTTP as /account and the sign-in page use it, with
// codes computed here from the setup key, as an app would: enrolment, sign-in with a code or a recovery
// code, each once; wrong codes counted like wrong passwords; removed factors that no longer work; and the
// policy that holds a person whose role needs a second factor at enrolment.

let server: TeamServer;
/** The admin's session: held at enrolment (an admin needs a second factor here) until beforeAll enrolled them. */
let admin = '';

beforeAll(async () => {
  server = await startTeamServer({ config: { mfaRequiredFor: ['approver'] } });
  await server.addUser('admin@example.com', ['admin']);
  admin = cookieOf(await signIn(server.url, 'admin@example.com'));
  await enrol(admin);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const call = (cookie: string, method: string, path: string, body?: unknown) => callAs(server.url, cookie, method, path, body);

const sessionCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('console_session='))?.split(';')[0] ?? '';
const stepCookie = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('console_sign_in_step='))?.split(';')[0] ?? '';

/** The password step: the cookie of the step it opened (the account has a second factor). */
async function passwordStep(email: string): Promise<string> {
  const response = await signIn(server.url, email);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ second_factor: { methods: ['totp'] } });
  expect(sessionCookie(response)).toBe('');
  return stepCookie(response);
}

const codeStep = (step: string, code: string) => call(step, 'POST', '/auth/sign-in/code', { code });

const appFor = (setupKey: string) => new TOTP({ secret: Secret.fromBase32(setupKey), algorithm: 'SHA1', digits: 6, period: 30 });
/** The code of the step `steps` after now's (a code made for the next 30 s is accepted: clock drift). */
const codeAt = (app: TOTP, steps: number) => app.generate({ timestamp: Date.now() + steps * 30_000 });

/** Turns TOTP on for a signed-in person: the setup key and their recovery codes. */
async function enrol(session: string): Promise<{ setupKey: string; codes: string[]; used: string }> {
  const setup = totpSetupSchema.parse(await (await call(session, 'POST', '/api/account/totp/setup', { current_password: PASSWORD })).json());
  const used = codeAt(appFor(setup.setup_key), 0);
  const confirmed = await call(session, 'POST', '/api/account/totp/confirm', { code: used });
  expect(confirmed.status).toBe(200);
  return { setupKey: setup.setup_key, codes: recoveryCodesSchema.parse(await confirmed.json()).recovery_codes, used };
}

test('enrolment: the password again, a setup key and QR code, a first code, then 10 recovery codes shown once; the database holds neither in the clear', async () => {
  await server.addUser('tia@example.com', ['agent']);
  const session = cookieOf(await signIn(server.url, 'tia@example.com'));
  expect((await call(session, 'POST', '/api/account/totp/setup', { current_password: 'not it' })).status).toBe(400);

  const setup = totpSetupSchema.parse(await (await call(session, 'POST', '/api/account/totp/setup', { current_password: PASSWORD })).json());
  expect(setup.setup_key).toMatch(/^[A-Z2-7]{32}$/);
  expect(setup.uri).toBe(`otpauth://totp/Order%20Console:tia%40example.com?issuer=Order%20Console&secret=${setup.setup_key}&algorithm=SHA1&digits=6&period=30`);
  expect(Buffer.from(setup.qr_code.split(',')[1] ?? '', 'base64').toString('utf8')).toMatch(/^<svg /);
  const wrong = await call(session, 'POST', '/api/account/totp/confirm', { code: '000000' === codeAt(appFor(setup.setup_key), 0) ? '111111' : '000000' });
  expect(wrong.status).toBe(400);
  expect(accountSchema.parse(await (await call(session, 'GET', '/api/account')).json()).totp.enabled).toBe(false);

  const confirmed = await call(session, 'POST', '/api/account/totp/confirm', { code: codeAt(appFor(setup.setup_key), 0) });
  const { recovery_codes: codes } = recoveryCodesSchema.parse(await confirmed.json());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  expect(new Set(codes).size).toBe(10);
  expect(accountSchema.parse(await (await call(session, 'GET', '/api/account')).json()).totp).toEqual({ enabled: true, recovery_codes_left: 10 });
  expect((await call(session, 'POST', '/api/account/totp/setup', { current_password: PASSWORD })).status).toBe(409);

  const stored = JSON.stringify([(await server.db.query('SELECT * FROM console_totp')).rows, (await server.db.query('SELECT * FROM console_recovery_codes')).rows]);
  const secretHex = Buffer.from(Secret.fromBase32(setup.setup_key).bytes).toString('hex');
  for (const secret of [setup.setup_key, secretHex, Buffer.from(Secret.fromBase32(setup.setup_key).bytes).toString('base64'), ...codes, ...codes.map((c) => c.replace('-', ''))]) expect(stored).not.toContain(secret);
  const audit = JSON.stringify((await server.db.query('SELECT * FROM audit_log')).rows);
  expect(audit).toContain('"action":"mfa_enrol"');
  for (const secret of [setup.setup_key, ...codes]) expect(audit).not.toContain(secret);
});

test('a copy of the database gives no codes: the sealed secret opens only with the server key, and only for its own account', async () => {
  const { rows } = await server.db.query(`SELECT secret_box FROM console_totp WHERE email = 'tia@example.com'`);
  const sealed = z.object({ secret_box: z.string() }).parse(rows[0]).secret_box;
  expect(secretKeyFromText('a-test-secret-key-of-32-characters-or-more', 'test').open(sealed, 'totp:tia@example.com')).not.toBeNull();
  expect(secretKeyFromText('another-key-that-is-32-characters-long', 'test').open(sealed, 'totp:tia@example.com')).toBeNull();
  expect(secretKeyFromText('a-test-secret-key-of-32-characters-or-more', 'test').open(sealed, 'totp:eve@example.com')).toBeNull();
});

test('sign-in: a code after the password, each code once (replay within its window refused), a recovery code once; the step itself once', async () => {
  await server.addUser('sam@example.com', ['agent']);
  const { setupKey, codes, used } = await enrol(cookieOf(await signIn(server.url, 'sam@example.com')));
  const nextCode = codeAt(appFor(setupKey), 1);

  const step = await passwordStep('sam@example.com');
  expect((await call(step, 'GET', '/api/me')).status).toBe(401);
  // Enrolment used its code: the same code is refused within its window; the next step's (clock drift) is taken.
  const replay = await codeStep(step, used);
  expect(replay.status).toBe(401);
  const next = await codeStep(step, nextCode);
  expect(next.status).toBe(200);
  expect(z.object({ user: z.object({ email: z.string() }) }).parse(await next.json()).user.email).toBe('sam@example.com');
  expect((await call(sessionCookie(next), 'GET', '/api/me')).status).toBe(200);
  expect((await codeStep(step, nextCode)).status).toBe(401);
  expect((await codeStep(await passwordStep('sam@example.com'), nextCode)).status).toBe(401);

  const recovery = codes[3] ?? '';
  const byRecovery = await codeStep(await passwordStep('sam@example.com'), recovery.toUpperCase().replace('-', ' '));
  expect(byRecovery.status).toBe(200);
  expect((await codeStep(await passwordStep('sam@example.com'), recovery)).status).toBe(401);
  const rows = await server.db.query(`SELECT body::text AS body FROM audit_log WHERE action = 'sign_in' AND user_name = 'sam@example.com' ORDER BY seq`);
  expect(rows.rows).toEqual([{ body: 'null' }, { body: '{"second_factor":"totp"}' }, { body: '{"recovery_codes_left":9,"second_factor":"recovery_code"}' }]);
  expect(JSON.stringify((await server.db.query('SELECT * FROM audit_log')).rows)).not.toContain(recovery);
});

test('wrong codes count against the same limit as wrong passwords: then even the right code and the password are refused', async () => {
  await server.addUser('wes@example.com', ['agent']);
  const { setupKey } = await enrol(cookieOf(await signIn(server.url, 'wes@example.com')));
  const step = await passwordStep('wes@example.com');
  const right = codeAt(appFor(setupKey), 1);
  for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await codeStep(step, String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'))).status).toBe(401);
  const last = await codeStep(step, 'not-a-code');
  expect(last.status).toBe(429);
  expect((await codeStep(step, right)).status).toBe(401);
  expect((await signIn(server.url, 'wes@example.com')).status).toBe(429);
  const failures = await server.db.query(`SELECT outcome FROM audit_log WHERE user_name = 'wes@example.com' AND action IN ('sign_in_failed', 'account_locked') ORDER BY seq`);
  expect(failures.rows.filter((row) => z.object({ outcome: z.string() }).parse(row).outcome === 'wrong_code')).toHaveLength(ACCOUNT_LIMIT);
});

test('a burst of wrong codes at once, from an address of its own: at most 10 are checked, the rest refused unchecked; then locked', async () => {
  await server.addUser('bea@example.com', ['agent']);
  const { setupKey } = await enrol(cookieOf(await signIn(server.url, 'bea@example.com')));
  const step = await passwordStep('bea@example.com');
  const right = codeAt(appFor(setupKey), 1);
  const wrong = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
  // 127.0.0.3: an address with no failures yet, whose own limit (20) is above the account's, so only the account's counter can stop the burst.
  const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => codeFrom127003(step, wrong(i))));
  // 9 told the code is wrong, the 10th that the account is locked; the other 50 refused without a check
  // (the lock, or the step it ended).
  expect(answers.filter((a) => a.detail.startsWith('That code is not right'))).toHaveLength(ACCOUNT_LIMIT - 1);
  expect(answers.filter((a) => a.status === 429 && a.detail.includes('this account is locked')).length).toBeGreaterThanOrEqual(1);
  expect(answers.filter((a) => a.status === 200)).toEqual([]);
  const outcomes = await server.db.query(`SELECT outcome FROM audit_log WHERE user_name = 'bea@example.com' AND action = 'sign_in_failed'`);
  const checked = outcomes.rows.filter((row) => z.object({ outcome: z.string() }).parse(row).outcome === 'wrong_code');
  expect(checked).toHaveLength(ACCOUNT_LIMIT);
  // Locked: the right code and the right password are refused alike.
  expect((await codeStep(step, right)).status).not.toBe(200);
  expect((await signIn(server.url, 'bea@example.com')).status).toBe(429);
});

/** A code posted from another loopback address (127.0.0.3), with the step's cookie. */
function codeFrom127003(step: string, code: string): Promise<{ status: number; detail: string }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL('/auth/sign-in/code', server.url), { method: 'POST', localAddress: '127.0.0.3', headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: step } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, detail: z.object({ detail: z.string() }).parse(JSON.parse(body)).detail }));
    });
    req.on('error', reject);
    req.end(JSON.stringify({ code }));
  });
}

test('a removed factor no longer works: turned off by its person or removed by an admin, its codes and recovery codes are refused', async () => {
  await server.addUser('ola@example.com', ['agent']);
  const first = await enrol(cookieOf(await signIn(server.url, 'ola@example.com')));
  expect(z.object({ second_factor: z.boolean() }).parse(await (await call(admin, 'DELETE', '/api/users/ola%40example.com/second-factor')).json()).second_factor).toBe(false);
  // No second factor now: the password alone signs in (agents need none here), and no code step exists.
  const plain = await signIn(server.url, 'ola@example.com');
  expect(await plain.json()).toMatchObject({ user: { email: 'ola@example.com' } });
  expect((await call(stepCookie(plain), 'POST', '/auth/sign-in/code', { code: first.codes[0] })).status).toBe(401);

  const second = await enrol(sessionCookie(plain));
  expect(second.setupKey).not.toBe(first.setupKey);
  expect((await codeStep(await passwordStep('ola@example.com'), codeAt(appFor(first.setupKey), 1))).status).toBe(401);
  expect((await codeStep(await passwordStep('ola@example.com'), first.codes[1] ?? '')).status).toBe(401);
  expect((await call(sessionCookie(plain), 'DELETE', '/api/account/totp')).status).toBe(200);
  expect(await (await signIn(server.url, 'ola@example.com')).json()).toMatchObject({ user: { email: 'ola@example.com' } });
  const removals = await server.db.query(`SELECT user_name, body::text AS body FROM audit_log WHERE action = 'mfa_remove' AND body->>'email' = 'ola@example.com' ORDER BY seq`);
  expect(removals.rows).toEqual([
    { user_name: 'admin@example.com', body: '{"email":"ola@example.com","removed":["totp"]}' },
    { user_name: 'ola@example.com', body: '{"email":"ola@example.com","method":"totp"}' },
  ]);
});

test('CONSOLE_MFA_REQUIRED_FOR: an approver without a second factor is held at enrolment, on every route, until it is done; an agent is not', async () => {
  await server.addUser('ada@example.com', ['approver@sandbox']);
  const signedIn = await signIn(server.url, 'ada@example.com');
  expect(await signedIn.json()).toMatchObject({ setup: 'enrol_second_factor' });
  const session = sessionCookie(signedIn);
  for (const path of ['/api/approvals/count', '/env/sandbox/psp/v2/orders/', '/api/users']) expect({ path, status: (await call(session, 'GET', path)).status }).toEqual({ path, status: 403 });
  const page = await fetch(`${server.url}/approvals`, { headers: { Cookie: session, Accept: 'text/html' }, redirect: 'manual' });
  expect(page.headers.get('location')).toBe('/account');
  expect(accountSchema.parse(await (await call(session, 'GET', '/api/account')).json())).toMatchObject({ setup: 'enrol_second_factor', second_factor_required: true });

  await enrol(session);
  expect(accountSchema.parse(await (await call(session, 'GET', '/api/account')).json()).setup).toBeNull();
  expect((await call(session, 'GET', '/api/approvals/count')).status).toBe(200);
  // An admin is covered too (an admin can approve); an agent is not.
  await server.addUser('abe@example.com', ['admin']);
  expect(await (await signIn(server.url, 'abe@example.com')).json()).toMatchObject({ setup: 'enrol_second_factor' });
  await server.addUser('agnes@example.com', ['agent']);
  expect(await (await signIn(server.url, 'agnes@example.com')).json()).not.toHaveProperty('setup', 'enrol_second_factor');
});
