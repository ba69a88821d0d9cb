import type { BrowserContext, Page } from '@playwright/test';
import { expect, orderStatus, recordApiRequests, test } from './fixtures.ts';

// D2 and the issue: the token travels only in the Authorization header, stays out of localStorage
// unless "Remember token on this device" is ticked, and a rejected token says where to fix it.

async function setTokenInSettings(page: Page, token: string, remember?: boolean): Promise<void> {
  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Local sandbox' }).or(page.getByRole('region', { name: 'E2E target' }));
  await card.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  await dialog.getByRole('textbox', { name: 'Token', exact: true }).fill(token);
  if (remember !== undefined) await dialog.getByRole('checkbox', { name: 'Remember token on this device' }).setChecked(remember);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
}

async function localStorageValues(context: BrowserContext): Promise<string[]> {
  const state = await context.storageState();
  return state.origins.flatMap((origin) => origin.localStorage.map((entry) => entry.value));
}

async function sessionStorageText(page: Page): Promise<string> {
  const text: unknown = await page.evaluate('JSON.stringify(sessionStorage)');
  return typeof text === 'string' ? text : '';
}

test('a rejected token shows a clear message with a way to Settings', async ({ page, api, baseURL }) => {
  const order = await api.createOrder();
  await setTokenInSettings(page, 'not-the-right-token');
  const requests = recordApiRequests(page, baseURL ?? '');

  await page.goto(`/orders/${order.id}`);
  const notice = page.getByRole('alert').filter({ hasText: 'Token rejected' });
  await expect(notice).toContainText('The service rejected the token (Invalid token.)');
  await notice.getByRole('link', { name: 'Open Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Connection settings' })).toBeVisible();

  const sent = await requests();
  expect(sent.length).toBeGreaterThan(0);
  for (const request of sent) expect(request.authorization, `${request.method} ${request.url}`).toBe('Token not-the-right-token');
});

test('every API request carries "Authorization: Token …" and no URL ever holds the token', async ({ page, api, target, baseURL, sandbox }) => {
  const requests = recordApiRequests(page, baseURL ?? '');
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));

  // Reads and writes on both APIs: the sandbox list, a create, a simulated move, reading the order.
  if (sandbox) {
    await page.goto('/orders');
    await expect(page.getByRole('table', { name: 'All sandbox orders' }).or(page.getByText('No orders yet'))).toBeVisible();
  }
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(orderStatus(page)).toHaveText('new');
  const status = sandbox ? 'accepted' : 'new';
  if (sandbox) {
    await page.getByRole('button', { name: 'Simulate' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${status}\\b`, 'i') }).click();
    await expect(orderStatus(page)).toHaveText(status);
  }
  await page.reload();
  await expect(orderStatus(page)).toHaveText(status);

  const sent = await requests();
  const kinds = new Set(sent.map((r) => `${r.method} ${new URL(r.url).pathname.split('/')[1] ?? ''}`));
  expect([...kinds].sort()).toEqual(sandbox ? ['GET psp', 'GET sandbox', 'POST psp', 'POST sandbox'] : ['GET psp', 'POST psp']);
  for (const request of sent) expect(request.authorization, `${request.method} ${request.url}`).toBe(`Token ${target.token}`);
  expect(urls.filter((url) => url.includes(target.token))).toEqual([]);
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect((await api.getOrder(id)).status).toBe(status);
});

test('a token is kept out of localStorage unless "Remember token on this device" is ticked', async ({ page, context, target, api }) => {
  const order = await api.createOrder();
  await setTokenInSettings(page, target.token, false);
  await expect(page.getByText('Token kept for this browser tab only')).toBeVisible();
  expect(await sessionStorageText(page)).toContain(target.token);
  expect((await localStorageValues(context)).filter((value) => value.includes(target.token))).toEqual([]);
  // Still the token in use.
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  await setTokenInSettings(page, target.token, true);
  await expect(page.getByText('Token remembered on this device')).toBeVisible();
  expect((await localStorageValues(context)).filter((value) => value.includes(target.token))).toHaveLength(1);
  expect(await sessionStorageText(page)).not.toContain(target.token);
});
