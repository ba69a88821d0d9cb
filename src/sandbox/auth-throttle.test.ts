import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sandboxPaths } from '../contract/paths.ts';
import { createApp } from './app.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';

// Wrong tokens from one address are throttled (429 + Retry-After) without slowing anyone
// else. Two client addresses on loopback (127.0.0.1 and 127.0.0.2) stand for two machines.

const TOKEN = 'throttle-token-0123456789abcdefghijkl';
const FAILURES = 20;
let clock = 1_000_000;
let store: Store;
let server: RunningServer;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

function get(token: string, from: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: sandboxPaths.orders(), localAddress: from, headers: { Authorization: `Token ${token}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const retry = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, retryAfter: typeof retry === 'string' ? retry : undefined, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  store = await openStore(':memory:');
  server = await serveApp(createApp({ store, tokens: [TOKEN], log: () => undefined, authThrottle: { failures: FAILURES, windowMs: 60_000, now: () => clock } }));
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
});

describe('wrong-token throttling', () => {
  test('after 20 wrong guesses an address gets 429 with Retry-After, even for the right token; another address is not slowed; the window ends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await get(`guess-${i}`, '127.0.0.1')).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES);
    expect(statuses.slice(FAILURES).every((s) => s === 429)).toBe(true);

    const throttled = await get(TOKEN, '127.0.0.1');
    expect(throttled.status).toBe(429);
    expect(throttled.retryAfter).toBe('60');
    expect(JSON.parse(throttled.body)).toEqual({ detail: 'Request was throttled. Expected available in 60 seconds.', code: 'throttled' });

    expect((await get(TOKEN, '127.0.0.2')).status).toBe(200);
    expect((await get('another-guess', '127.0.0.2')).status).toBe(401);

    clock += 45_000;
    expect((await get(TOKEN, '127.0.0.1')).retryAfter).toBe('15');
    clock += 15_000;
    expect((await get(TOKEN, '127.0.0.1')).status).toBe(200);
  });

  test('the right token does not count, nor does a missing header', async () => {
    for (let i = 0; i < 3 * FAILURES; i += 1) expect((await get(TOKEN, '127.0.0.3')).status).toBe(200);
    expect((await get('', '127.0.0.3')).status).toBe(401);
  });
});
