import { afterEach, describe, expect, test } from 'vitest';
import type { MainProcess } from '../sandbox/testing/child.ts';
import { freePort, spawnMain, waitForListening } from '../sandbox/testing/child.ts';

// What `npm run serve` tells the person who started it: in proxy mode there is no sandbox on this
// server, and its first line must not say there is one; a setting it refuses is named by the part of
// the server it belongs to.

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

  test.each([
    ['the console server’s own setting', { PORT: 'eighty' }, 'console: PORT must be a port number (0-65535), got "eighty"'],
    ['the console server’s own setting', { HOST: '0.0.0.0', SANDBOX_TOKENS: 'a' }, 'console: HOST=0.0.0.0 listens beyond this machine: set PUBLIC_URL'],
    ['the sandbox’s own setting', { HOST: '0.0.0.0', ALLOWED_HOSTS: 'console.internal' }, 'sandbox: HOST=0.0.0.0 listens beyond this machine: set SANDBOX_TOKENS'],
    [
      'team mode beyond loopback without an audit key (docs/security.md)',
      { HOST: '0.0.0.0', ALLOWED_HOSTS: 'console.internal', SANDBOX_TOKENS: 'a-sandbox-token-of-our-own-4f1c9e2b7d', CONSOLE_AUTH: 'local', CONSOLE_DB: ':memory:' },
      'console: team mode beyond this machine needs an audit key the database does not hold: set CONSOLE_AUDIT_KEY (or CONSOLE_AUDIT_KEY_FILE)',
    ],
    ['OpenID Connect’s own setting', { CONSOLE_AUTH: 'oidc', CONSOLE_DB: ':memory:' }, 'oidc: OIDC_ISSUER is not set (CONSOLE_AUTH=oidc needs it)'],
  ])('%s refused: %o', async (_part, env, line) => {
    main = spawnMain({ SANDBOX_DB: ':memory:', ...env });
    const { code } = await main.exited;
    expect(code).toBe(1);
    expect(main.stderr().slice(0, line.length)).toBe(line);
  });
});
