import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { trustedProxies } from './client-address.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, signIn, startTeamServer } from './testing/team-server.ts';
import { disableUser } from './users.ts';

// docs/decisions.md D16: sign-in, the session cookie, sign-out, cross-origin writes, timeouts (the throttle:
// sign-in-throttle.test.ts).

let server: TeamServer;

beforeAll(async () => {
  server = await startTeamServer({ config: { trustedProxies: trustedProxies(['127.0.0.1']) } });
  await server.addUser('ann@example.com', ['agent']);
  await server.addUser('dora@example.com', ['viewer']);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const me = (cookie: string) => fetch(`${server.url}/api/me`, { headers: { Cookie: cookie } });

describe('sign-in', () => {
  test('sets an HttpOnly, SameSite=Strict session cookie (no Secure over http) and /api/me names the person', async () => {
    const response = await signIn(server.url, 'Ann@Example.com ');
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const answer = await me(cookieOf(response));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ user: { email: 'ann@example.com' }, grants: ['agent'] });
  });

  test('the database keeps only a hash of the session id', async () => {
    const response = await signIn(server.url, 'ann@example.com');
    const id = cookieOf(response).split('=')[1] ?? '';
    const { rows } = await server.db.query<{ id_hash: string }>('SELECT id_hash FROM console_sessions');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.id_hash === id)).toBe(false);
  });

  test('wrong password, unknown e-mail and disabled account: the same 401 and message, audited as failures', async () => {
    await server.addUser('gone@example.com', ['agent']);
    await disableUser(server.db, 'gone@example.com');
    const answers = await Promise.all([
      signIn(server.url, 'dora@example.com', 'not-the-password'),
      signIn(server.url, 'nobody@example.com'),
      signIn(server.url, 'gone@example.com'),
    ]);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0] ?? '')).toEqual({ detail: 'Wrong email or password, or the account is disabled.', code: 'sign_in_failed' });
    const failures = server.audit.filter((e) => e.action === 'sign_in_failed').map((e) => e.user);
    expect(failures).toEqual(expect.arrayContaining(['dora@example.com', 'nobody@example.com', 'gone@example.com']));
  });

  test('a tampered or made-up cookie is a 401 with a DRF body', async () => {
    const good = cookieOf(await signIn(server.url, 'ann@example.com'));
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const cookie of [tampered, 'console_session=abc', 'console_session=', '']) {
      const answer = await me(cookie);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'session_ended' });
    }
  });

  test('the sign-in page has the labelled inputs, and a page without a session goes there', async () => {
    const page = await fetch(`${server.url}/sign-in`);
    const html = await page.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    const orders = await fetch(`${server.url}/orders?status=new`, { headers: { Accept: 'text/html' }, redirect: 'manual' });
    expect(orders.status).toBe(303);
    expect(orders.headers.get('location')).toBe('/sign-in?return_to=%2Forders%3Fstatus%3Dnew');
  });

  test('the sign-in page: styled by its own stylesheet (no inline style or script), focus in Email, then in Password when the e-mail comes back', async () => {
    const html = await (await fetch(`${server.url}/sign-in`)).text();
    expect(html).toContain('<link rel="stylesheet" href="/sign-in.css">');
    expect(html).not.toMatch(/<style|\sstyle=|<script>/);
    expect(html).toMatch(/<input id="email"[^>]* autofocus>/);
    expect(html).not.toMatch(/<input id="password"[^>]* autofocus>/);
    const css = await fetch(`${server.url}/sign-in.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toContain('[data-mantine-color-scheme="dark"]');
    const failed = await fetch(`${server.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Accept: 'text/html' },
      body: new URLSearchParams({ email: 'dora@example.com', password: 'not-the-password', return_to: '/orders' }),
    });
    const again = await failed.text();
    expect(failed.status).toBe(401);
    expect(again).toMatch(/<input id="email"[^>]* value="dora@example.com">/);
    expect(again).toMatch(/<input id="password"[^>]* autofocus>/);
  });

  test('the form posts back to where the person was going, never to another site', async () => {
    const form = (returnTo: string) =>
      fetch(`${server.url}/auth/sign-in`, {
        method: 'POST',
        // As Chromium posts the page's form under Referrer-Policy: no-referrer.
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({ email: 'ann@example.com', password: 'a-long-test-password', return_to: returnTo }),
        redirect: 'manual',
      });
    expect((await form('/orders/new')).headers.get('location')).toBe('/orders/new');
    // A browser drops the TAB and would read `//evil.example/x`; `/.//` normalises to `//` (safe-return-to.test.ts has every case).
    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\t/evil.example/x', '/.//evil.example/x', '/\\evil.example']) {
      expect((await form(elsewhere)).headers.get('location')).toBe('/');
    }
  });
});

describe('sign-out', () => {
  test('ends the session on the server and clears the site data', async () => {
    const cookie = cookieOf(await signIn(server.url, 'ann@example.com'));
    const out = await fetch(`${server.url}/auth/sign-out`, { method: 'POST', headers: { Cookie: cookie, Origin: server.url, Accept: 'application/json' } });
    expect(out.status).toBe(204);
    expect(out.headers.get('clear-site-data')).toBe('"cache", "cookies", "storage"');
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    // The old cookie, replayed, is worth nothing.
    expect((await me(cookie)).status).toBe(401);
    expect(server.audit.some((e) => e.action === 'sign_out' && e.user === 'ann@example.com')).toBe(true);
  });
});

describe('cross-origin writes are refused', () => {
  test.each([
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['Sec-Fetch-Site cross-site, no Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Origin "null" (a sandboxed frame)', { Origin: 'null' }],
    ['Sec-Fetch-Site same-site (a sibling host)', { 'Sec-Fetch-Site': 'same-site' }],
  ])('%s: 403, nothing done', async (_, headers) => {
    const cookie = cookieOf(await signIn(server.url, 'ann@example.com'));
    const out = await fetch(`${server.url}/auth/sign-out`, { method: 'POST', headers: { Cookie: cookie, Accept: 'application/json', ...headers } });
    expect(out.status).toBe(403);
    expect(await out.json()).toMatchObject({ code: 'cross_origin' });
    expect((await me(cookie)).status).toBe(200);
    const signInAttempt = await fetch(`${server.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'ann@example.com', password: 'a-long-test-password' }),
    });
    expect(signInAttempt.status).toBe(403);
    expect(signInAttempt.headers.get('set-cookie')).toBeNull();
  });
});

describe('timeouts', () => {
  test('a session idle longer than CONSOLE_SESSION_IDLE ends; one in use lives on', async () => {
    const short = await startTeamServer({ config: { idleMs: 2_000, maxMs: 60_000 } });
    try {
      await short.addUser('ann@example.com', ['agent']);
      const idle = cookieOf(await signIn(short.url, 'ann@example.com'));
      const busy = cookieOf(await signIn(short.url, 'ann@example.com'));
      const ask = (cookie: string) => fetch(`${short.url}/api/me`, { headers: { Cookie: cookie } });
      // busy is used every 0.7 s for 2.8 s; idle is not used at all.
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 700));
        expect((await ask(busy)).status).toBe(200);
      }
      expect((await ask(idle)).status).toBe(401);
      expect((await ask(busy)).status).toBe(200);
    } finally {
      await short.close();
    }
  });

  test('a session ends at CONSOLE_SESSION_MAX however busy', async () => {
    const short = await startTeamServer({ config: { idleMs: 2_000, maxMs: 3_000 } });
    try {
      await short.addUser('ann@example.com', ['agent']);
      const cookie = cookieOf(await signIn(short.url, 'ann@example.com'));
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setTimeout(resolve, 800));
        statuses.push((await fetch(`${short.url}/api/me`, { headers: { Cookie: cookie } })).status);
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses.at(-1)).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('under https the session cookie is Secure and __Host- prefixed', () => {
  const SECURE_COOKIE = /^__Host-console_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/;

  test('CONSOLE_ORIGIN (or PUBLIC_URL) https; a cookie without the prefix is not read there', async () => {
    const secure = await startTeamServer({ config: { origin: 'https://console.example.com' } });
    try {
      await secure.addUser('ann@example.com', ['agent']);
      const response = await signIn(secure.url, 'ann@example.com', undefined, { Origin: 'https://console.example.com' });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(SECURE_COOKIE);
      const id = cookieOf(response).split('=')[1] ?? '';
      const meWith = (cookie: string) => fetch(`${secure.url}/api/me`, { headers: { Cookie: cookie } });
      expect((await meWith(`__Host-console_session=${id}`)).status).toBe(200);
      // A plain-named cookie can be planted over http or by a sibling host (no __Host- rules): never read under https.
      expect((await meWith(`console_session=${id}`)).status).toBe(401);
      // The server's own address is not the configured origin: a write from it is another site's.
      expect((await signIn(secure.url, 'ann@example.com')).status).toBe(403);
    } finally {
      await secure.close();
    }
  });

  test('X-Forwarded-Proto: https from a trusted proxy (CONSOLE_TRUSTED_PROXIES); sign-out clears that cookie', async () => {
    // `server` trusts 127.0.0.1 as its proxy; the browser's origin is then https.
    const https = server.url.replace(/^http:/, 'https:');
    const response = await signIn(server.url, 'ann@example.com', undefined, { Origin: https, 'X-Forwarded-Proto': 'https' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(SECURE_COOKIE);
    const cookie = cookieOf(response);
    const out = await fetch(`${server.url}/auth/sign-out`, { method: 'POST', headers: { Cookie: cookie, Origin: https, 'X-Forwarded-Proto': 'https', Accept: 'application/json' } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('__Host-console_session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict');
    expect((await me(cookie)).status).toBe(401);
  });
});

test('a sign-in body over 1 MiB is refused with 413 before it is parsed', async () => {
  const response = await fetch(`${server.url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify({ email: 'ann@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
  });
  expect(response.status).toBe(413);
});
