import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { grantSchema } from '../contract/grants.ts';
import type { Database } from '../db/store-db.ts';
import { runCommand } from '../sandbox/testing/child.ts';
import { TEST_AUDIT_KEY_TEXT } from './audit/audit-test-support.ts';
import { openConsoleDb } from './console-db.ts';
import { resetLinkOwner, usePasswordReset } from './accounts/password-resets.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { ACCOUNT_LIMIT, reserveSignInAttempt, settleFailed } from './sign-in-throttle.ts';
import { addUser, findUser } from './users.ts';
import { usersCli } from './users-cli.ts';

// docs/decisions.md D16: npm run users. One in-memory console database across the commands; `unlock` as
// `npm run users` itself, on a database directory of its own.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let db: Database;
beforeAll(async () => {
  db = await openConsoleDb(':memory:');
}, 60_000);
afterAll(async () => {
  await db?.close();
});

async function users(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await usersCli(args, { env: { CONSOLE_AUDIT_KEY: TEST_AUDIT_KEY_TEXT, ...env }, out: (l) => out.push(l), err: (l) => err.push(l) }, () => Promise.resolve({ ...db, close: () => Promise.resolve() }));
  return { code, out, err };
}

test('add, list, set-role, disable: each change recorded for the audit', async () => {
  const added = await users(['add', 'Lead@Example.com', '--role', 'admin', '--role', 'agent@sandbox', '--password-env', 'FIRST_PASSWORD'], { FIRST_PASSWORD: 'correct horse battery' });
  expect(added).toEqual({ code: 0, out: ['added lead@example.com: admin, agent@sandbox'], err: [] });
  const stored = await findUser(db, 'lead@example.com');
  expect(stored?.passwordHash).toMatch(/^scrypt\$/);
  expect(await verifyPassword('correct horse battery', stored?.passwordHash ?? '')).toBe(true);
  expect(stored?.passwordHash).not.toContain('correct horse battery');

  expect((await users(['set-role', 'lead@example.com', '--role', 'viewer@sandbox'])).out).toEqual(['lead@example.com: viewer@sandbox']);
  expect((await users(['disable', 'lead@example.com'])).code).toBe(0);
  expect((await users(['list'])).out).toEqual(['lead@example.com\tdisabled\tviewer@sandbox']);
  const { rows } = await db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'user_%' ORDER BY seq");
  expect(rows.map((r) => r.action)).toEqual(['user_add', 'user_set_role', 'user_disable']);
});

test('an unknown role: exit 1, a line that names it and the roles there are, nobody added', async () => {
  const result = await users(['add', 'x@example.com', '--role', 'superuser', '--password-env', 'P'], { P: 'long enough password' });
  expect(result.code).toBe(1);
  expect(result.err).toEqual(['users: unknown role "superuser": expected one of viewer, agent, approver, admin, optionally @environment (agent@sandbox)']);
  expect(await findUser(db, 'x@example.com')).toBeNull();
});

test('a role for an environment the console does not have (agent@prod) is refused, naming those it has (CONSOLE_ENVIRONMENTS)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'order-console-envs-'));
  try {
    const environments = join(dir, 'environments.json');
    writeFileSync(environments, JSON.stringify([{ id: 'staging', name: 'Staging', base_url: 'https://staging.example.com', token_env: 'STAGING_TOKEN', production: false }]));
    // The token is the server's business: the command reads only the ids.
    const env = { CONSOLE_ENVIRONMENTS: environments, P: 'long enough password' };
    const refused = await users(['add', 'pat@example.com', '--role', 'viewer', '--role', 'agent@prod', '--password-env', 'P'], env);
    expect(refused).toEqual({ code: 1, out: [], err: ['users: there is no environment "prod" (in agent@prod): the environments are sandbox, staging; or give agent for all of them'] });
    expect(await findUser(db, 'pat@example.com')).toBeNull();
    expect((await users(['add', 'pat@example.com', '--role', 'agent@staging', '--password-env', 'P'], env)).code).toBe(0);
    expect((await users(['set-role', 'pat@example.com', '--role', 'agent@prod'], env)).code).toBe(1);
    expect((await users(['set-role', 'pat@example.com', '--role', 'agent@staging'], { ...env, ORDER_SERVICE_URL: 'https://orders.example.com' })).code).toBe(0);
    expect((await users(['set-role', 'pat@example.com', '--role', 'agent@sandbox'], { ...env, ORDER_SERVICE_URL: 'https://orders.example.com' })).err[0]).toContain('the environments are staging;');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the password only from a variable: unset, short or easy to guess is refused; a second add of one e-mail too', async () => {
  expect((await users(['add', 'y@example.com', '--role', 'agent', '--password-env', 'NOPE'])).err[0]).toBe('users: the variable NOPE is not set: it must hold the initial password');
  expect(await users(['add', 'y@example.com', '--role', 'agent', '--password-env', 'P'], { P: 'short' })).toMatchObject({ code: 1, err: ['users: the password in P is refused: At least 12 characters'] });
  const guessable = await users(['add', 'y@example.com', '--role', 'agent', '--password-env', 'P'], { P: 'password1234' });
  expect(guessable.code).toBe(1);
  expect(guessable.err[0]).toMatch(/^users: the password in P is refused: Too easy to guess\. This is similar to a commonly used password\./);
  expect(await findUser(db, 'y@example.com')).toBeNull();
  expect((await users(['add', 'y@example.com', '--role', 'agent'])).code).toBe(2);
  await users(['add', 'y@example.com', '--role', 'agent', '--password-env', 'P'], { P: 'long enough password' });
  const again = await users(['add', 'Y@example.com', '--role', 'agent', '--password-env', 'P'], { P: 'long enough password' });
  expect(again).toMatchObject({ code: 1, err: ['users: y@example.com already has an account (use set-role to change its roles)'] });
});

test('an added person must change the password the operator chose; reset-password prints a link that works once; remove ends them', async () => {
  expect((await users(['add', 'rae@example.com', '--role', 'agent', '--password-env', 'P'], { P: 'long enough password' })).code).toBe(0);
  expect((await db.query(`SELECT must_change_password FROM console_users WHERE email = 'rae@example.com'`)).rows).toEqual([{ must_change_password: true }]);

  const printed = await users(['reset-password', 'Rae@Example.com'], { CONSOLE_ORIGIN: 'https://console.example.com' });
  expect(printed.code).toBe(0);
  expect(printed.out[0]).toMatch(/^a reset link for rae@example\.com, valid once until \S+ \(an earlier link no longer works\):$/);
  const token = /^https:\/\/console\.example\.com\/reset-password#([A-Za-z0-9_-]{43})$/.exec(printed.out[1] ?? '')?.[1] ?? '';
  expect(await resetLinkOwner(db, token)).toBe('rae@example.com');
  expect(await usePasswordReset(db, token, await hashPassword('tangerine vapor quilt'))).toBe('rae@example.com');
  expect(await usePasswordReset(db, token, await hashPassword('another fine sentence'))).toBeNull();
  expect((await db.query(`SELECT must_change_password FROM console_users WHERE email = 'rae@example.com'`)).rows).toEqual([{ must_change_password: false }]);
  expect((await users(['reset-password', 'ghost@example.com'])).code).toBe(1);

  expect(await users(['remove', 'rae@example.com'])).toEqual({ code: 0, out: ['removed rae@example.com: their sessions are ended; the audit log keeps their name'], err: [] });
  expect(await findUser(db, 'rae@example.com')).toBeNull();
  expect((await users(['remove', 'rae@example.com'])).code).toBe(1);
  const { rows } = await db.query("SELECT action FROM audit_log WHERE body->>'email' = 'rae@example.com' ORDER BY seq");
  expect(rows).toEqual([{ action: 'user_add' }, { action: 'password_reset_issued' }, { action: 'user_remove' }]);
  expect(JSON.stringify((await db.query('SELECT * FROM audit_log')).rows)).not.toContain(token);
});

test('usage: no command, an unknown one, an unknown option, no such user', async () => {
  expect((await users([])).code).toBe(2);
  expect((await users(['frobnicate', 'a@example.com'])).err[0]).toBe('users: unknown command "frobnicate"');
  expect((await users(['list', '--force'])).code).toBe(2);
  expect(await users(['disable', 'ghost@example.com'])).toMatchObject({ code: 1, err: ['users: no account for ghost@example.com'] });
});

test('npm run users -- unlock EMAIL and reset-password EMAIL, run as an admin would: a locked account signs in again, the unlock is in the audit, a link is printed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'order-console-unlock-'));
  try {
    const own = await openConsoleDb(dir);
    try {
      await addUser(own, { email: 'lou@example.com', grants: [grantSchema.parse('agent')], passwordHash: null });
      for (let i = 0; i < ACCOUNT_LIMIT; i++) {
        const reservation = await reserveSignInAttempt(own, { email: 'lou@example.com', address: null });
        if (reservation.ok) await settleFailed(own, reservation.attempt);
      }
      expect(await reserveSignInAttempt(own, { email: 'lou@example.com', address: null })).toMatchObject({ ok: false, accountLocked: true });
    } finally {
      await own.close();
    }
    const env = { ...process.env, CONSOLE_DB: dir, CONSOLE_DATABASE_URL: '', CONSOLE_AUDIT_KEY: TEST_AUDIT_KEY_TEXT, CONSOLE_ORIGIN: '', PUBLIC_URL: '', PORT: '8123' };
    const result = await runCommand('npm', ['run', '--silent', 'users', '--', 'unlock', 'Lou@Example.com'], { cwd: ROOT, env });
    expect(result).toMatchObject({ code: 0, stdout: 'unlocked lou@example.com: they may sign in again\n', stderr: '' });
    const reset = await runCommand('npm', ['run', '--silent', 'users', '--', 'reset-password', 'lou@example.com'], { cwd: ROOT, env });
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    expect(reset.stdout).toMatch(/\nhttp:\/\/localhost:8123\/reset-password#[A-Za-z0-9_-]{43}\n$/);
    const after = await openConsoleDb(dir);
    try {
      expect(await reserveSignInAttempt(after, { email: 'lou@example.com', address: null })).toMatchObject({ ok: true });
      const { rows } = await after.query<{ role: string; body: string }>("SELECT role, body::text AS body FROM audit_log WHERE action = 'account_unlock'");
      expect(rows).toEqual([{ role: 'cli', body: '{"email":"lou@example.com","was_locked":true}' }]);
    } finally {
      await after.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

test('npm run users while the server has the embedded database open: exit 1, naming CONSOLE_DB and to stop the server', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'order-console-in-use-'));
  try {
    // This process holds the database as a running server does.
    const server = await openConsoleDb(dir);
    try {
      const result = await runCommand('npm', ['run', '--silent', 'users', '--', 'list'], { cwd: ROOT, env: { ...process.env, CONSOLE_DB: dir, CONSOLE_DATABASE_URL: '', CONSOLE_AUDIT_KEY: TEST_AUDIT_KEY_TEXT } });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`users: the console's database ${dir} (CONSOLE_DB) is in use by process ${process.pid}, most likely the console server: stop the server first`);
      expect(result.stderr).not.toContain('SANDBOX_DB');
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
