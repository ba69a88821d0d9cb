import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import type { RunningServer } from '../http/listen.ts';
import { startSandbox } from './start-sandbox.ts';
import { orderBody } from './testing/http.ts';

// D13 as a browser sees it. Chromium silently resends a request (POST included) whose reused
// keep-alive connection closes before any response bytes; without the sandbox's interim 102, a
// drop would come back as a 201 and a lost answer as a duplicate 400. With it, fetch fails once
// and the request reaches the sandbox once.

const CHROMIUM = process.env['PLAYWRIGHT_CHROMIUM_EXECUTABLE'] ?? '/usr/bin/chromium';
const TOKEN = 'browser-fault-token';
const lines: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  server = await startSandbox({ port: 0, db: ':memory:', tokens: [TOKEN], log: (line) => lines.push(line) });
}, 60_000);

afterAll(async () => {
  await server.close();
});

test.skipIf(!existsSync(CHROMIUM))('drop and lose_answer on a reused connection: fetch fails once and the request arrives once', async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/openapi.json`);
    const outcomes = await page.evaluate(
      async ({ token, faults, create, bodies }) => {
        const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
        const results: string[] = [];
        for (const [i, kind] of ['drop', 'lose_answer'].entries()) {
          // Keep-alive connections in use, so the faulted request goes out on a reused one.
          for (let n = 0; n < 3; n++) await (await fetch(faults, { headers })).text();
          await (await fetch(faults, { method: 'POST', headers, body: JSON.stringify({ operation: 'create', effect: { kind } }) })).text();
          try {
            const response = await fetch(create, { method: 'POST', headers, body: JSON.stringify(bodies[i]) });
            results.push(`${kind}: answered ${response.status}`);
          } catch (error) {
            results.push(`${kind}: ${error instanceof TypeError ? 'fetch failed' : String(error)}`);
          }
        }
        return results;
      },
      { token: TOKEN, faults: sandboxPaths.faults(), create: orderServicePaths.orderCreate(), bodies: [orderBody(), orderBody()] },
    );
    expect(outcomes).toEqual(['drop: fetch failed', 'lose_answer: fetch failed']);
    const creates = lines.filter((line) => line.startsWith(`POST ${orderServicePaths.orderCreate()} `));
    expect(creates).toHaveLength(2);
    expect(creates.every((line) => line.includes(' closed '))).toBe(true);
  } finally {
    await browser.close();
  }
}, 120_000);
