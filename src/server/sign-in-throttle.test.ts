import { request } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { userListSchema } from '../contract/users.ts';
import { trustedProxies } from './client-address.ts';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT, reserveSignInAttempt, settleFailed } from './sign-in-throttle.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, PASSWORD, signIn, startTeamServer } from './testing/team-server.ts';

// The sign-in throttle under attack (PCI DSS v4.0 8.3.4): guesses sent all at once are counted before
// any password is checked, so at most the limit is evaluated; 10 failures lock the account for 30
// minutes or until an admin unlocks it; the per-address limit reads X-Forwarded-For only from a
// trusted proxy. The server trusts 127.0.0.1 as its proxy: each test's "client" is a forwarded address.

let server: TeamServer;

beforeAll(async () => {
  server = await startTeamServer({ config: { trustedProxies: trustedProxies(['127.0.0.1']) } });
  await server.addUser('admin@example.com', ['admin']);
  for (const email of ['ann@example.com', 'bea@example.com', 'cy@example.com']) await server.addUser(email, ['agent']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const refusal = z.object({ code: z.string(), detail: z.string() });
const from = (client: string) => ({ 'X-Forwarded-For': client });
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const auditOf = (action: string, user?: string) => server.audit.filter((e) => e.action === action && (user === undefined || e.user === user));

test('150 guesses at once for one account: 10 are checked, the rest refused before any password work; then locked, even for the right password, until an admin unlocks it', async () => {
  // Each guess from an address of its own: only the account's limit can stop them.
  const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn(server.url, 'ann@example.com', `guess-${i}`, from(`198.51.100.${i}`))));
  const statuses = burst.map((r) => r.status);
  expect(count(statuses, 401)).toBe(ACCOUNT_LIMIT);
  expect(count(statuses, 429)).toBe(150 - ACCOUNT_LIMIT);
  expect(auditOf('sign_in_failed', 'ann@example.com').filter((e) => e.outcome === 'wrong_password')).toHaveLength(ACCOUNT_LIMIT);
  expect(auditOf('account_locked', 'ann@example.com')).toHaveLength(1);

  const right = await signIn(server.url, 'ann@example.com', PASSWORD, from('198.51.100.200'));
  expect(right.status).toBe(429);
  expect(refusal.parse(await right.json())).toEqual({ code: 'throttled', detail: 'Too many failed sign-ins: this account is locked. Try again in 30 minutes, or ask an admin to unlock it.' });
  const retryAfter = Number(right.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(29 * 60);
  expect(retryAfter).toBeLessThanOrEqual(30 * 60);

  const admin = cookieOf(await signIn(server.url, 'admin@example.com', PASSWORD, from('192.0.2.1')));
  const listed = userListSchema.parse(await (await fetch(`${server.url}/api/users`, { headers: { Cookie: admin } })).json());
  const lockedUntil = listed.users.find((u) => u.email === 'ann@example.com')?.locked_until ?? null;
  expect(lockedUntil).not.toBeNull();
  expect(Date.parse(lockedUntil ?? '') - Date.now()).toBeGreaterThan(29 * 60_000);

  const unlock = await fetch(`${server.url}/api/users/ann%40example.com/unlock`, { method: 'POST', headers: { Cookie: admin, Origin: server.url } });
  expect(unlock.status).toBe(200);
  expect(await unlock.json()).toMatchObject({ email: 'ann@example.com', locked_until: null });
  expect(auditOf('account_unlock', 'admin@example.com').at(-1)).toMatchObject({ body: { email: 'ann@example.com', was_locked: true }, outcome: 'ok' });
  expect((await signIn(server.url, 'ann@example.com', PASSWORD, from('198.51.100.201'))).status).toBe(200);
});

test('60 guesses at once from one address, each for another account: 20 are checked; that address waits, another is let in, and no account is locked', async () => {
  const burst = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(server.url, `guess-${i}@example.com`, 'wrong-password', from('203.0.113.9'))));
  const statuses = burst.map((r) => r.status);
  expect(count(statuses, 401)).toBe(ADDRESS_LIMIT);
  expect(count(statuses, 429)).toBe(60 - ADDRESS_LIMIT);

  const sameAddress = await signIn(server.url, 'bea@example.com', PASSWORD, from('203.0.113.9'));
  expect(sameAddress.status).toBe(429);
  expect(refusal.parse(await sameAddress.json()).detail).toMatch(/^Too many failed sign-ins from this address\. Try again in 1[45] minutes\.$/);
  // Behind the same proxy, everyone else signs in: the address is the one the proxy forwarded.
  expect((await signIn(server.url, 'bea@example.com', PASSWORD, from('203.0.113.10'))).status).toBe(200);
  expect(auditOf('account_locked')).toHaveLength(1);
});

/** A sign-in posted from another loopback address (127.0.0.2), which is no trusted proxy. */
function signInFrom127002(email: string, forwardedFor: string): Promise<number> {
  const url = new URL('/auth/sign-in', server.url);
  const body = JSON.stringify({ email, password: 'wrong-password' });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress: '127.0.0.2', headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': forwardedFor } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** `times` failed attempts counted as the sign-in route counts them, without its password work (`email` may vary by `i`). */
async function failed(times: number, who: { email: (i: number) => string; address: string | null }): Promise<void> {
  for (let i = 0; i < times; i++) {
    const reservation = await reserveSignInAttempt(server.db, { email: who.email(i), address: who.address });
    if (!reservation.ok) throw new Error('refused while filling the counter');
    await settleFailed(server.db, reservation.attempt);
  }
}

test('X-Forwarded-For from a peer that is no trusted proxy is never read: a made-up address per guess is still one address', async () => {
  // 127.0.0.2 has failed 18 times already; 10 more guesses, each with another forged header.
  await failed(ADDRESS_LIMIT - 2, { email: (i) => `earlier-${i}@example.com`, address: '127.0.0.2' });
  const statuses = await Promise.all(Array.from({ length: 10 }, (_, i) => signInFrom127002(`forged-${i}@example.com`, `10.9.8.${i}`)));
  expect(count(statuses, 401)).toBe(2);
  expect(count(statuses, 429)).toBe(8);
  const addresses = new Set(server.audit.filter((e) => e.user?.startsWith('forged-') === true).map((e) => e.address));
  expect([...addresses]).toEqual(['127.0.0.2']);
});

test('a successful sign-in forgets the account’s failures: only 10 in a row lock it', async () => {
  await failed(ACCOUNT_LIMIT - 1, { email: () => 'cy@example.com', address: null });
  const attempt = (password: string, i: number) => signIn(server.url, 'cy@example.com', password, from(`198.51.100.${210 + i}`));
  expect((await attempt(PASSWORD, 0)).status).toBe(200);
  // Counted on from 9, the second would be the 11th failure and refused.
  for (let i = 1; i <= 2; i++) expect((await attempt('wrong-password', i)).status).toBe(401);
});
