import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { createOrderThroughForm, DEV_TOKEN, openOrder, orderAmount, orderStatus, refundThroughDialog, sampleOrder, uniqueId } from '../src/testing/kit.ts';
import { expect, test } from './kit-fixtures.ts';
import { settled } from './support/ui.ts';

// From a session in the console to a test: the journal's "Export spec" gives a spec on
// order-console/testing that runs green against the sandbox, "Copy as Playwright" one call, and
// "Export HAR" a recording page.routeFromHAR replays without the service.

const KIT_ENTRY = 'dist-kit/testing/kit.js';

async function openJournal(page: Page) {
  // Off the order page first: it polls while the order is not final, and new entries move the list.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Connection settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Journal' }).click();
  return page.getByRole('dialog', { name: 'Request journal' });
}

async function download(page: Page, button: string, path: string): Promise<string> {
  const downloaded = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Request journal' }).getByRole('button', { name: button }).click();
  await (await downloaded).saveAs(path);
  return readFile(path, 'utf8');
}

/** Runs a Playwright spec in a Playwright of its own, as a QA engineer would; resolves to its exit code and output. */
function runPlaywright(config: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Only what a QA engineer's shell has: none of this run's worker variables.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(TEST_|PW_|E2E_)/.test(name)));
  const child = spawn(process.execPath, [join('node_modules', '@playwright', 'test', 'cli.js'), 'test', '--config', config, '--reporter', 'line'], {
    env: { ...clean, ...env, FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

test('a session exported as a spec replays green against the sandbox', async ({ page, sandbox, consoleEnvironment, hasControlApi }, testInfo) => {
  test.skip(!hasControlApi, 'the exported session moves the order through the sandbox control API');
  expect(existsSync(KIT_ENTRY), `${KIT_ENTRY} is missing: npm run build:kit`).toBe(true);
  // The session: an order created through the form, paid by the customer (outside the console: its
  // next read sees it), then refunded in part.
  const id = await createOrderThroughForm(page, sampleOrder({ order_data: { amount: '90.00' }, return_url: `${consoleEnvironment.baseURL}/sandbox/return` }));
  await expect(orderStatus(page)).toHaveText('new');
  await sandbox.moveTo(id, 'activated');
  await page.reload();
  await expect(orderStatus(page)).toHaveText('activated');
  await refundThroughDialog(page, { amount: '25.00', externalId: uniqueId('REFUND') });
  await expect(orderAmount(page, 'current_amount')).toHaveText('65.00');

  const drawer = await openJournal(page);
  await drawer.getByRole('textbox', { name: 'Order id' }).fill(id);
  const specPath = testInfo.outputPath('session.spec.ts');
  const spec = await download(page, 'Export spec', specPath);
  expect(spec).toContain("from 'order-console/testing'");
  expect(spec).toContain('const order1 = idOf(call1);');
  expect(spec).toContain('await sandbox.moveTo(order1, "activated");');
  expect(spec).toMatch(/sandbox\.call\("POST", `\/psp\/v2\/order\/\$\{\w+\}\/refund\/`/);
  expect(spec).not.toContain(consoleEnvironment.token === 'dev-token' ? 'Token dev-token' : consoleEnvironment.token);
  // Steps a person did, numbered 1, 2, 3…; the order page's polling is no step; the return page follows the replay's host.
  const numbers = [...spec.matchAll(/^ {2}\/\/ (\d+)\. /gm)].map((m) => Number(m[1]));
  expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  expect(spec).toMatch(/reads? left out: the console read again/);
  expect(spec.match(/sandbox\.call\("GET", `\/psp\/v2\/order\//g)?.length ?? 0).toBeLessThanOrEqual(1);
  expect(spec).toContain('return_url: `${baseURL}/sandbox/return`');
  expect(spec).not.toContain(new URL(consoleEnvironment.baseURL).host);

  // outputDir of its own: by default Playwright would clear this repository's test-results/, where the spec is.
  const config = testInfo.outputPath('playwright.config.mjs');
  await writeFile(config, "export default { testDir: '.', testMatch: 'session.spec.ts', outputDir: './replay-results', workers: 1 };\n");
  const run = await runPlaywright(config, { E2E_BASE_URL: consoleEnvironment.baseURL, E2E_TOKEN: consoleEnvironment.token });
  expect(run.output).toContain('1 passed');
  expect(run.code).toBe(0);
});

test('Copy as Playwright on a create gives a test that passes, and passes again when run unchanged', async ({ page, consoleEnvironment }, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await createOrderThroughForm(page, sampleOrder({ return_url: `${consoleEnvironment.baseURL}/sandbox/return` }));
  await expect(orderStatus(page)).toHaveText('new');
  // The order page has finished loading (its history read is answered and in the journal), so no
  // late entry lands at the top of the journal and moves the create under the clicks below. The
  // history's own entry: the notice after the create says "Order created" too, and comes sooner.
  await expect(page.getByRole('tabpanel', { name: 'Timeline' }).getByText('Order created', { exact: true })).toBeVisible();

  const drawer = await openJournal(page);
  await drawer.getByRole('button', { name: 'POST /psp/v2/order/: 201' }).first().click();
  // The browser writes the clipboard only for a focused page (else the console says it could not
  // copy, as a user would see): this page in front, then the console's own word that it copied.
  await page.bringToFront();
  // The entry just opened grows to its height (a transition): a click while it moves can press on one
  // element and release on another, and then nothing is copied (seen once in CI).
  await settled(drawer);
  await drawer.getByRole('region').filter({ hasText: 'Request body' }).first().getByRole('button', { name: 'Copy as Playwright' }).click();
  await expect(page.getByText('Playwright code copied to the clipboard')).toBeVisible();
  const clipboard = async () => String(await page.evaluate('navigator.clipboard.readText()'));
  await expect.poll(clipboard).toContain('request.post(`${baseURL}/psp/v2/order/`');
  const code = await clipboard();
  expect(code).not.toContain(`Token ${consoleEnvironment.token}`);

  // As a QA engineer would: the clipboard into a file of its own, run by Playwright, twice. Against the
  // local sandbox with no variable at all (the kit's defaults: this console, dev-token).
  await writeFile(testInfo.outputPath('copied.spec.ts'), code);
  const config = testInfo.outputPath('playwright.config.mjs');
  await writeFile(config, "export default { testDir: '.', testMatch: 'copied.spec.ts', outputDir: './copied-results', workers: 1 };\n");
  const env: Record<string, string> = consoleEnvironment.token === DEV_TOKEN ? {} : { E2E_BASE_URL: consoleEnvironment.baseURL, E2E_TOKEN: consoleEnvironment.token };
  for (const run of ['first', 'second']) {
    const result = await runPlaywright(config, env);
    expect(result.output, `${run} run`).toContain('1 passed');
    expect(result.code, `${run} run`).toBe(0);
  }
});

test('an exported HAR replays the order page with the service out of the way', async ({ page, browser, sandbox, consoleEnvironment, hasControlApi }, testInfo) => {
  test.skip(!hasControlApi, 'proving the service is not asked needs a sandbox fault rule');
  const order = await sandbox.createOrder({ order_data: { amount: '64.00' }, status: 'activated' });
  await sandbox.refund(order.id, { amount: '4.00' });
  await openOrder(page, order.id);
  await expect(orderAmount(page, 'current_amount')).toHaveText('60.00');

  const drawer = await openJournal(page);
  await drawer.getByRole('textbox', { name: 'Order id' }).fill(order.id);
  const harPath = testInfo.outputPath('journal.har');
  const har = await download(page, 'Export HAR', harPath);
  expect(har).toContain('"Token ****"');
  expect(har).not.toContain(`Token ${consoleEnvironment.token}`);

  // From here on the service answers every read of this order with 503: only the HAR can show it.
  const fault = await sandbox.faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'status', status: 503 }, times: 1000 });
  const replay = await browser.newContext({ baseURL: consoleEnvironment.baseURL });
  await replay.routeFromHAR(harPath, { url: /\/psp\//, notFound: 'abort' });
  const replayed = await replay.newPage();
  await openOrder(replayed, order.id);
  await expect(orderStatus(replayed)).toHaveText('activated');
  await expect(orderAmount(replayed, 'current_amount')).toHaveText('60.00');
  await expect(orderAmount(replayed, 'refund_amount')).toHaveText('4.00');
  await replay.close();
  const [armed] = (await sandbox.faults.list()).filter((rule) => rule.id === fault.id);
  expect(armed?.remaining).toBe(1000);
});
