import { afterAll, beforeAll, expect, test } from 'vitest';
import { sessionClockSchema } from '../contract/console-api.ts';
import { BACKGROUND_HEADERS, SESSION_API_PATH } from '../contract/session.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, signIn, startTeamServer } from './testing/team-server.ts';

// The idle clock (PCI DSS v4.0 8.2.8) counts only what a person does: a page that polls by itself
// (X-Console-Background: 1) is answered while the session lives, never keeps it alive, and is refused
// after the idle end. A change of a person's grants ends their sessions (a new id for the next).

// Wide margins: each step must land well inside or well past it on a loaded 2-core machine.
const IDLE_MS = 6_000;
let server: TeamServer;

beforeAll(async () => {
  server = await startTeamServer({ config: { idleMs: IDLE_MS, maxMs: 60_000 } });
  await server.addUser('ann@example.com', ['approver']);
  await server.addUser('bob@example.com', ['agent']);
  await server.addUser('ada@example.com', ['admin']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const sleepUntil = (start: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, start + ms - Date.now())));
const read = (cookie: string, path: string, background: boolean) => fetch(`${server.url}${path}`, { headers: { Cookie: cookie, ...(background && BACKGROUND_HEADERS) } });

test('a page polling /api/approvals untouched past the idle setting is signed out; one whose person acts lives on', async () => {
  const polled = cookieOf(await signIn(server.url, 'ann@example.com'));
  const used = cookieOf(await signIn(server.url, 'ann@example.com'));
  const start = Date.now();
  // Both poll as the approvals page does; only `used` also has a person clicking (a read without the header).
  for (const at of [2_000, 4_000]) {
    await sleepUntil(start, at);
    expect((await read(polled, '/api/approvals', true)).status).toBe(200);
    expect((await read(used, '/api/approvals', true)).status).toBe(200);
    expect((await read(used, '/api/me', false)).status).toBe(200);
  }
  await sleepUntil(start, IDLE_MS + 1_500);
  // 7.5 s after signing in, 3.5 s after the last poll: had polls counted, the session would be alive.
  const refused = await read(polled, '/api/approvals', true);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'session_ended' });
  expect((await read(polled, '/api/me', false)).status).toBe(401);
  expect((await read(used, '/api/approvals', true)).status).toBe(200);
});

test('GET /api/session tells the idle clock: in the background it runs down, asked by the person ("Stay signed in") it starts again', async () => {
  const cookie = cookieOf(await signIn(server.url, 'bob@example.com'));
  const clock = async (background: boolean) => sessionClockSchema.parse(await (await read(cookie, SESSION_API_PATH, background)).json());
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const told = await clock(true);
  expect(told.idle_ms).toBe(IDLE_MS);
  expect(told.idle_ends_in_ms).toBeLessThanOrEqual(IDLE_MS - 900);
  expect((await clock(true)).idle_ends_in_ms).toBeLessThanOrEqual(told.idle_ends_in_ms);
  expect((await clock(false)).idle_ends_in_ms).toBe(IDLE_MS);
});

test('DELETE /api/session (the page saw the idle end come) ends the session, audited', async () => {
  const cookie = cookieOf(await signIn(server.url, 'bob@example.com'));
  const ended = await fetch(`${server.url}${SESSION_API_PATH}`, { method: 'DELETE', headers: { Cookie: cookie, Origin: server.url, ...BACKGROUND_HEADERS } });
  expect(ended.status).toBe(204);
  expect(ended.headers.get('set-cookie')).toContain('Max-Age=0');
  expect((await read(cookie, '/api/me', false)).status).toBe(401);
  expect(server.audit.at(-1)).toMatchObject({ user: 'bob@example.com', action: 'sign_out', outcome: 'idle' });
});

test('a change of grants ends the person’s sessions; an admin who changes their own goes on under a new session id', async () => {
  const bob = cookieOf(await signIn(server.url, 'bob@example.com'));
  const ada = cookieOf(await signIn(server.url, 'ada@example.com'));
  const patch = (email: string, grants: string[]) =>
    fetch(`${server.url}/api/users/${encodeURIComponent(email)}`, { method: 'PATCH', headers: { Cookie: ada, Origin: server.url, 'Content-Type': 'application/json' }, body: JSON.stringify({ grants }) });

  // The same grants again change nothing: the session stays.
  expect((await patch('bob@example.com', ['agent'])).status).toBe(200);
  expect((await read(bob, '/api/me', false)).status).toBe(200);
  expect((await patch('bob@example.com', ['viewer'])).status).toBe(200);
  expect((await read(bob, '/api/me', false)).status).toBe(401);

  const own = await patch('ada@example.com', ['admin', 'agent@sandbox']);
  expect(own.status).toBe(200);
  const rotated = cookieOf(own);
  expect(rotated).toMatch(/^console_session=[A-Za-z0-9_-]{43}$/);
  expect(rotated).not.toBe(ada);
  expect((await read(ada, '/api/me', false)).status).toBe(401);
  expect(await (await read(rotated, '/api/me', false)).json()).toMatchObject({ grants: ['admin', 'agent@sandbox'] });
});
