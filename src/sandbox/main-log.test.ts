import { afterEach, describe, expect, test } from 'vitest';
import type { MainProcess } from './testing/child.ts';
import { freePort, spawnMain, waitForListening } from './testing/child.ts';

// What `npm run serve` tells the person who started it (issue 24): in proxy mode there is no sandbox
// on this server, and its first line must not say there is one.

let main: MainProcess | null = null;
afterEach(async () => {
  if (main === null) return;
  main.child.kill('SIGTERM');
  await main.exited;
  main = null;
});

describe('the startup lines', () => {
  test('proxy mode: the console listens, no sandbox is announced, and the proxy target is named', async () => {
    main = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: ':memory:', ORDER_SERVICE_URL: 'http://127.0.0.1:9/orders' });
    await waitForListening(main);
    const firstLine = main.stdout().split('\n').find((line) => line.includes('listening on')) ?? '';
    expect(firstLine).toMatch(/^Order Console listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(firstLine).not.toMatch(/sandbox/i);
    // The next line, written separately: it may reach the pipe a moment after the first.
    const started = main;
    await expect.poll(() => started.stdout()).toContain('Proxy mode: /psp/ goes to http://127.0.0.1:9/orders');
  });

  test('sandbox mode: the console and its sandbox, with the development token', async () => {
    main = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: ':memory:' });
    await waitForListening(main);
    expect(main.stdout()).toMatch(/^Order Console and sandbox listening on http:\/\/127\.0\.0\.1:\d+ {2}\(development token: dev-token\)$/m);
  });
});
