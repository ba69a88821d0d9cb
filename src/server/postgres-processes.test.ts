import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderServicePaths } from '../contract/paths.ts';
import { validCreateBody } from '../contract/test-support.ts';
import type { Store } from '../sandbox/entry.ts';
import { openStore } from '../sandbox/entry.ts';
import { newPostgresDatabase } from '../sandbox/testing/test-store.ts';
import { ACCOUNT_LIMIT } from './sign-in-throttle.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, signIn, startTeamServer } from './testing/team-server.ts';

// docs/decisions.md D16: with CONSOLE_DATABASE_URL, two console processes on one PostgreSQL serve one team:
// sessions, sign-in attempts and the record of actions live in the database, never in a process.
// Two servers, each with its own pool on one database (as two processes would have), started at
// once (the migrations take turns under the advisory lock).

let a: TeamServer;
let b: TeamServer;
let store: Store;

beforeAll(async () => {
  const consoleDb = await newPostgresDatabase('console');
  store = await openStore(await newPostgresDatabase('sandbox'));
  [a, b] = await Promise.all([startTeamServer({ consoleDb, store }), startTeamServer({ consoleDb, store })]);
  await a.addUser('ann@example.com', ['agent']);
  await a.addUser('tom@example.com', ['agent']);
}, 120_000);

afterAll(async () => {
  await a?.close();
  await b?.close();
  await store?.close();
});

const me = (server: TeamServer, cookie: string) => fetch(`${server.url}/api/me`, { headers: { Cookie: cookie } });

test('sign in through one process, act through the other; sign out through the other ends it for both', async () => {
  const cookie = cookieOf(await signIn(a.url, 'ann@example.com'));
  expect((await me(b, cookie)).status).toBe(200);

  const created = await fetch(`${b.url}/env/sandbox${orderServicePaths.orderCreate()}`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: b.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...validCreateBody(), order_external_id: `pg-two-${Date.now()}` }),
  });
  expect(created.status).toBe(201);
  // What B recorded is in the one database A reads.
  const { rows } = await a.db.query<{ user: string; action: string; outcome: string }>(`SELECT user_name AS "user", action, outcome FROM audit_log WHERE action = 'order_create' ORDER BY seq`);
  expect(rows).toEqual([
    { user: 'ann@example.com', action: 'order_create', outcome: 'intent' },
    { user: 'ann@example.com', action: 'order_create', outcome: '201' },
  ]);

  const out = await fetch(`${b.url}/auth/sign-out`, { method: 'POST', headers: { Cookie: cookie, Origin: b.url, Accept: 'application/json' } });
  expect(out.status).toBe(204);
  expect((await me(a, cookie)).status).toBe(401);
});

test('150 guesses at once through two processes: 10 are checked in all, then the account is locked for both', async () => {
  const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => signIn((i % 2 === 0 ? a : b).url, 'tom@example.com', `guess-${i}`)));
  const statuses = burst.map((r) => r.status);
  // The limit is per account, whichever process and however the guesses interleave.
  expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(150 - ACCOUNT_LIMIT);
  expect((await signIn(b.url, 'tom@example.com')).status).toBe(429);
  expect((await signIn(a.url, 'tom@example.com')).status).toBe(429);
});
