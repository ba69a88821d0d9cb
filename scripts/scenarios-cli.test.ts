import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../src/server/server.ts';
import { startServer } from '../src/server/server.ts';
import type { Store } from '../src/sandbox/store.ts';
import { openStore } from '../src/sandbox/store.ts';
import { BREAKAGES, BROKEN_TOKEN, startBrokenService, WITHOUT_CONTROL_API } from '../src/scenarios/testing/broken-services.ts';
import { main } from './scenarios-cli.ts';

const TOKEN = `cli-test-${crypto.randomUUID()}`;
let sandbox: RunningServer;
let dir: string;

beforeAll(async () => {
  sandbox = await startServer({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [TOKEN], log: () => undefined });
  dir = await mkdtemp(join(tmpdir(), 'scenarios-cli-'));
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], env: Record<string, string> = { ORDER_SERVICE_TOKEN: TOKEN }) {
  let stderr = '';
  const code = await main(args, { env, stderr: { write: (text: string) => (stderr += text) } });
  return { code, stderr };
}

/** Tags open and close in order, attributes quoted, no bare & or <: what a CI tool's XML parser needs. */
function expectWellFormedXml(xml: string): void {
  const stack: string[] = [];
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, '');
  for (const match of body.matchAll(/<(\/?)([A-Za-z-]+)((?:\s+[a-z_]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name = '', , selfClosing] = match;
    if (selfClosing === '/') continue;
    if (closing === '/') expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)|</);
}

describe('usage errors exit 2 and say what is wrong', () => {
  test.each([
    [[], '--base-url is required'],
    [['--base-url', 'ftp://x'], '--base-url must be an http(s) URL, got "ftp://x"'],
    [['--base-url', 'http://127.0.0.1:1', '--token', 'secret'], 'the token is read from an environment variable (--token-env, default ORDER_SERVICE_TOKEN), never from an argument'],
    [['--base-url', 'http://127.0.0.1:1', '--colour'], "Unknown option '--colour'"],
    [['--base-url', 'http://127.0.0.1:1', '--only', 'REF-03,REF-99'], 'unknown in --only: REF-99'],
  ])('%j', async (args, message) => {
    const { code, stderr } = await cli(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  test('no token in the environment', async () => {
    const { code, stderr } = await cli(['--base-url', sandbox.url, '--token-env', 'MY_TOKEN'], {});
    expect(code).toBe(2);
    expect(stderr).toContain('set MY_TOKEN to the environment');
  });

  test('nothing answers at the base URL', async () => {
    const listener = createServer();
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const address = listener.address();
    await new Promise((resolve) => listener.close(resolve));
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    const { code, stderr } = await cli(['--base-url', url, '--report', join(dir, 'none')]);
    expect(code).toBe(2);
    expect(stderr).toContain(`scenarios: ${url} did not answer`);
  });

  test('--help exits 0 with the usage', async () => {
    const { code, stderr } = await cli(['--help']);
    expect(code).toBe(0);
    expect(stderr).toContain('Exit status: 0 every scenario that ran passed, 1 one failed, 2 usage or connection error.');
  });
});

test('against the sandbox: exit 0, a line per scenario, the three files with their paths, the token nowhere', async () => {
  const reportDir = join(dir, 'ok');
  const { code, stderr } = await cli(['--base-url', `${sandbox.url}/`, '--token-env', 'T', '--only', 'AUTH-01,CRE-01', '--report', reportDir], { T: TOKEN });
  expect(code).toBe(0);
  expect(stderr).toMatch(/^✓ AUTH-01 A create without a token is refused and creates nothing \([0-9.]+ m?s\)$/m);
  expect(stderr).toMatch(/^✓ CRE-01 A minimal body creates an order /m);
  expect(stderr).toMatch(/^2 scenarios: 2 passed, 0 failed, 0 skipped in /m);
  expect(stderr).toContain(`report: ${join(reportDir, 'report.html')}`);
  const [html, json, junit] = await Promise.all(['report.html', 'report.json', 'junit.xml'].map((f) => readFile(join(reportDir, f), 'utf8')));
  for (const text of [html, json, junit, stderr]) expect(text).not.toContain(TOKEN);
  expect(JSON.parse(json ?? '')).toMatchObject({ summary: { total: 2, passed: 2 }, run: { client: 'cli' }, environment: { base_url: sandbox.url } });
  expectWellFormedXml(junit ?? '');
  expect(junit?.match(/<testcase /g)).toHaveLength(2);
});

describe('against services that are not the sandbox', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(':memory:');
  });
  afterAll(async () => {
    await store.close();
  });

  test('a failing scenario: exit 1, its message on stderr and in junit.xml as a failure', async () => {
    const service = await startBrokenService(store, BREAKAGES.duplicateIs500);
    const reportDir = join(dir, 'failed');
    try {
      const { code, stderr } = await cli(['--base-url', service.url, '--only', 'CRE-11', '--report', reportDir], { ORDER_SERVICE_TOKEN: BROKEN_TOKEN });
      expect(code).toBe(1);
      expect(stderr).toContain('✗ CRE-11 A second order with the same order_external_id is refused');
      expect(stderr).toContain('    the duplicate is refused: expected a 4xx refusal; got HTTP 500');
      // The failure says it held the service to our decision, not to the document.
      expect(stderr).toContain('    (checks our assumption (D6))');
    } finally {
      await service.close();
    }
    const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8');
    expectWellFormedXml(junit);
    expect(junit).toContain('<failure message="the duplicate is refused: expected a 4xx refusal; got HTTP 500: &lt;!doctype html&gt;');
  });

  test('--documented-only leaves out the scenarios that check our assumptions (D5/D6): a service that differs there passes', async () => {
    const service = await startBrokenService(store, BREAKAGES.duplicateIs500);
    const reportDir = join(dir, 'documented');
    try {
      const { code, stderr } = await cli(['--base-url', service.url, '--only', 'CRE-02,CRE-11,CRE-12', '--documented-only', '--report', reportDir], { ORDER_SERVICE_TOKEN: BROKEN_TOKEN });
      expect(stderr).toContain('--documented-only: leaving out 2 scenarios that check our assumptions, not the interface document');
      expect(stderr).toMatch(/^✓ CRE-02 /m);
      expect(stderr).not.toContain('CRE-11');
      expect(code).toBe(0);
    } finally {
      await service.close();
    }
    const report: unknown = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8'));
    expect(report).toMatchObject({ scenarios: [{ id: 'CRE-02', basis: 'document', decisions: [] }] });
    const html = await readFile(join(reportDir, 'report.html'), 'utf8');
    expect(html).toContain('1 check the interface document, 0 check our assumptions where it is silent.');
  });

  test('--interactive: the person is shown the link, acts, presses Enter, and the scenario passes', async () => {
    const service = await startBrokenService(store, WITHOUT_CONTROL_API);
    const stdin = new PassThrough();
    let stderr = '';
    try {
      const code = await main(['--base-url', service.url, '--only', 'CHK-02', '--report', join(dir, 'interactive'), '--interactive'], {
        env: { ORDER_SERVICE_TOKEN: BROKEN_TOKEN },
        stdin,
        stderr: {
          write: (text: string) => {
            stderr += text;
            const link = /Open: (\S+)/.exec(text)?.[1];
            // The person: rejects the payment on the checkout page, then presses Enter.
            if (link !== undefined) void fetch(`${link}/reject`, { method: 'POST', redirect: 'manual' }).then(() => stdin.write('\n'));
            return true;
          },
        },
      });
      expect(code).toBe(0);
    } finally {
      await service.close();
    }
    expect(stderr).toContain("CHK-02 needs a person (The customer chooses reject at the checkout (a person)):\n  Open the order's checkout page as the customer and have the payment rejected (decline it).\n  Open: ");
    expect(stderr).toContain('Press Enter when done, or type s and Enter to skip this scenario: ');
    expect(stderr).toMatch(/^✓ CHK-02 The payment is rejected at the checkout/m);
  });

  test('a step that needs a person: skipped with the reason (exit 0), in junit.xml as skipped', async () => {
    const service = await startBrokenService(store, WITHOUT_CONTROL_API);
    const reportDir = join(dir, 'skipped');
    try {
      const { code, stderr } = await cli(['--base-url', service.url, '--only', 'CHK-01', '--report', reportDir], { ORDER_SERVICE_TOKEN: BROKEN_TOKEN });
      expect(code).toBe(0);
      expect(stderr).toContain('No sandbox control API: steps that need a person are skipped (--interactive asks for them)');
      expect(stderr).toContain("- CHK-01 The customer approves at the checkout: the order becomes activated");
    } finally {
      await service.close();
    }
    const junit = await readFile(join(reportDir, 'junit.xml'), 'utf8');
    expectWellFormedXml(junit);
    expect(junit).toContain('<skipped message="needs a person: Open the order&apos;s checkout page as the customer and pay and approve the payment."/>');
  });
});
