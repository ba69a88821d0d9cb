import { spawn } from 'node:child_process';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../src/http/listen.ts';
import { startSandbox } from '../src/sandbox/start-sandbox.ts';
import type { Store } from '../src/sandbox/store.ts';
import { openStore } from '../src/sandbox/store.ts';
import { BREAKAGES, BROKEN_TOKEN, startBrokenService } from '../src/scenarios/testing/broken-services.ts';

// `npm run scenarios` as a pipeline runs it (CI, cron, `docker run` without -i): the real entry point in a
// child process, stdin from /dev/null, judged by its exit status alone (docs/decisions.md D14). The other CLI
// tests call main() and never reach what happens after it returns.

const TOKEN = `entry-test-${crypto.randomUUID()}`;
let sandbox: RunningServer;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [TOKEN], log: () => undefined });
  dir = await mkdtemp(join(tmpdir(), 'scenarios-entry-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function runEntry(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const devNull = await open('/dev/null', 'r');
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/scenarios.ts', ...args], {
      stdio: [devNull.fd, 'ignore', 'pipe'],
      env: { PATH: process.env['PATH'] ?? '', ...env },
      cwd: join(import.meta.dirname, '..'),
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stderr };
  } finally {
    await devNull.close();
  }
}

describe('stdin from /dev/null, as in CI', () => {
  test('a passing run exits 0, without an error after the summary', async () => {
    const { code, stderr } = await runEntry(['--base-url', sandbox.url, '--only', 'AUTH-01', '--report', join(dir, 'ok')], { ORDER_SERVICE_TOKEN: TOKEN });
    expect(stderr).toMatch(/^1 scenarios: 1 passed, 0 failed, 0 skipped in /m);
    expect(stderr).not.toContain('TypeError');
    expect(code).toBe(0);
  });

  test('a usage error exits 2', async () => {
    const { code, stderr } = await runEntry(['--only', 'AUTH-01'], { ORDER_SERVICE_TOKEN: TOKEN });
    expect(stderr).toContain('--base-url is required');
    expect(code).toBe(2);
  });

  test('a connection error exits 2', async () => {
    const closed = await startSandbox({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [TOKEN], log: () => undefined });
    const url = closed.url;
    await closed.close();
    const { code, stderr } = await runEntry(['--base-url', url, '--report', join(dir, 'none')], { ORDER_SERVICE_TOKEN: TOKEN });
    expect(stderr).toContain(`scenarios: ${url} did not answer`);
    expect(code).toBe(2);
  });

  describe('a service that fails a scenario', () => {
    let store: Store;
    beforeAll(async () => {
      store = await openStore(':memory:');
    });
    afterAll(async () => {
      await store.close();
    });

    test('exits 1', async () => {
      const service = await startBrokenService(store, BREAKAGES.duplicateIs500);
      try {
        const { code, stderr } = await runEntry(['--base-url', service.url, '--only', 'CRE-11', '--report', join(dir, 'failed')], { ORDER_SERVICE_TOKEN: BROKEN_TOKEN });
        expect(stderr).toContain('✗ CRE-11');
        expect(code).toBe(1);
      } finally {
        await service.close();
      }
    });
  });
});
