import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { expect } from '@playwright/test';
import { test } from '../src/testing/fixtures.ts';
import { FAULT_TOKEN_COUNT, faultToken } from './support/faults.ts';
import { resolveTarget } from './support/target.ts';

// The QA kit's `page` puts the token into the console's own origin only. It used to
// seed it through an init script that ran in every page, frame and origin of the context, so a
// provider's checkout or a shop's return page a test followed got it too. A second local origin
// (a shop's page) stands for those sites here.

const target = resolveTarget();
// A token that is not the development one, so the kit seeds it (the local server accepts the fault
// tokens); this spec arms no fault and calls no /psp/ route.
const TOKEN = faultToken(FAULT_TOKEN_COUNT - 1);
test.use({ consoleEnvironment: { baseURL: target.baseURL, token: TOKEN } });

let shop: Server;
let shopOrigin = '';

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const framed = req.url === '/frame';
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(framed ? '<!doctype html><title>frame</title>' : `<!doctype html><title>Shop return page</title><iframe src="${shopOrigin.replace('127.0.0.1', 'localhost')}/frame"></iframe>`);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const address = shop.address();
  shopOrigin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

const STORAGE_TEXT = '(() => JSON.stringify({ session: { ...sessionStorage }, local: { ...localStorage } }))()';

test('the token is in the console tab only: a shop page in the same tab and a new page of another origin find none', async ({ page, context }) => {
  test.skip(!target.local, 'needs the local server, which accepts the fault tokens');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Connection settings' })).toBeVisible();
  expect(await page.evaluate<string>(STORAGE_TEXT)).toContain(TOKEN);

  // The shop's return page in the same tab (its frame of yet another origin cannot read storage at all).
  await page.goto(`${shopOrigin}/return`);
  await expect(page).toHaveTitle('Shop return page');
  expect(await page.evaluate<string>(STORAGE_TEXT)).not.toContain(TOKEN);

  // A checkout opened in a new page of another origin.
  const other = await context.newPage();
  await other.goto(`${shopOrigin}/checkout`);
  expect(await other.evaluate<string>(STORAGE_TEXT)).not.toContain(TOKEN);

  // Back in the console, the tab still has its token.
  await page.goto('/settings');
  expect(await page.evaluate<string>(STORAGE_TEXT)).toContain(TOKEN);
});
