import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { INTL_COOKIE, orderServicePaths, sandboxPaths } from '../src/contract/paths.ts';
import { validCreateBody } from '../src/contract/test-support.ts';
import { uniqueId } from '../src/testing/kit.ts';
import { resolveTarget, TEAM_SANDBOX_TOKEN, TEAM_USER } from './support/target.ts';

// Team mode (D16): /orders and a cold /orders/{id} arrive with their data in the HTML the
// console server rendered for the signed-in agent; the app hydrates that page without a mismatch and
// without asking for the same data again, and then works as always.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

/** Signs in on the sign-in page and lands on /orders, whose app tells the server this browser's locale and time zone. */
async function signIn(page: Page) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(TEAM_USER.email);
  await page.getByLabel('Password').fill(TEAM_USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  await page.waitForLoadState('networkidle');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain(INTL_COOKIE);
}

/** Errors the page reports (a hydration mismatch is one) and the requests it sends, by path (its stylesheets apart). */
function watch(page: Page) {
  const errors: string[] = [];
  const requests: string[] = [];
  const stylesheets: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    requests.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
  });
  return { errors, requests, stylesheets };
}

/**
 * The page painted styled: every stylesheet it loaded was linked in the HTML's head (none waited for a
 * script to ask), but those of what comes after the first content by design and styles nothing painted
 * before it (src/console/app/first-content.ts): the header's extras, the notices' host (with the
 * first notice: app/notifications-config.ts), and an order's later parts (its panels, the refund
 * dialog: order-detail/later-parts.tsx).
 */
function expectStylesInHead(html: string, stylesheets: readonly string[]) {
  const head = html.slice(0, html.indexOf('</head>'));
  const firstPaint = stylesheets.filter((path) => !/\/(header-extras|notices|later-parts)-[\w-]+\.css$/.test(path));
  expect(firstPaint.length).toBeGreaterThan(1);
  for (const path of firstPaint) expect(head, path).toContain(`href="${path}"`);
}

test('signed in, /orders and a cold /orders/{id} come with their data in the HTML and hydrate without asking again', async ({ page }) => {
  test.slow();
  await signIn(page);
  const externalId = uniqueId('SSR');
  const origin = target.teamBaseURL ?? '';
  const created = await page.request.post(`/env/sandbox${orderServicePaths.orderCreate()}`, { headers: { Origin: origin }, data: { ...validCreateBody(), order_external_id: externalId } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A final status: the order page then has no reason to read it again on its own.
  const canceled = await page.request.post(`/env/sandbox${sandboxPaths.orderStatus(id)}`, { headers: { Origin: origin }, data: { status: 'canceled' } });
  expect(canceled.status()).toBe(200);
  await expect.poll(async () => (await (await page.request.get(`/api/orders/search?q=${externalId}&env=sandbox`)).text()).includes(externalId)).toBe(true);

  const list = watch(page);
  const listResponse = await page.goto('/orders');
  const listHtml = (await listResponse?.text()) ?? '';
  expect(listHtml).toContain(externalId);
  expect(listHtml).not.toContain(TEAM_SANDBOX_TOKEN);
  expect(listResponse?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  const row = page.getByRole('table', { name: 'Team order index' }).getByRole('link', { name: externalId });
  await expect(row).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(list.requests.filter((path) => path === '/api/orders/search')).toEqual([]);
  expect(list.requests).not.toContain('/api/me');
  expect(list.errors).toEqual([]);
  expectStylesInHead(listHtml, list.stylesheets);
  // The list's scripts start after its first paint (src/server/ssr/team-page.ts scriptsAfterPaint):
  // none in its head, public/after-paint.js asked for them, and the app hydrated the page above.
  const listHead = listHtml.slice(0, listHtml.indexOf('</head>'));
  expect(listHead).not.toContain('type="module"');
  expect(listHead).toMatch(/<script defer src="\/after-paint\.js" data-run="[^"]*\/assets\/shell-[\w-]+\.js"/);
  expect(list.requests).toContain('/after-paint.js');

  // Interactive: the row opens the order in place.
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  await expect(page.getByText(externalId).first()).toBeVisible();

  const cold = await page.context().newPage();
  const order = watch(cold);
  const orderResponse = await cold.goto(`/orders/${id}`);
  const orderHtml = (await orderResponse?.text()) ?? '';
  expect(orderHtml).toContain(externalId);
  expect(orderHtml).not.toContain(TEAM_SANDBOX_TOKEN);
  await expect(cold.locator('html')).toHaveAttribute('data-app', 'running');
  await expect(cold.getByText(externalId).first()).toBeVisible();
  await cold.waitForLoadState('networkidle');
  expect(order.requests.filter((path) => path === `/env/sandbox${orderServicePaths.orderRead(id)}`)).toEqual([]);
  expect(order.errors).toEqual([]);
  expectStylesInHead(orderHtml, order.stylesheets);
  // Its scripts too start after its first paint, and the app hydrated it (the link below works in place).
  expect(orderHtml.slice(0, orderHtml.indexOf('</head>'))).not.toContain('type="module"');
  expect(order.requests).toContain('/after-paint.js');
  // And it responds: the navigation leads back to the list.
  await cold.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  await expect(cold.getByRole('table', { name: 'Team order index' })).toBeVisible();
});

test('the first page after signing in comes server-rendered: the sign-in page told the server the locale and time zone', async ({ page }) => {
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/sign-in\?return_to=%2Forders$/);
  await page.getByLabel('Email').fill(TEAM_USER.email);
  await page.getByLabel('Password').fill(TEAM_USER.password);
  const first = page.waitForResponse((response) => new URL(response.url()).pathname === '/orders' && response.request().resourceType() === 'document');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const html = await (await first).text();
  expect(html).toContain('data-server-rendered');
  // The index's page, whether or not the team has orders yet (this test may run before any is made:
  // the table then is the empty state, "No orders yet").
  expect(html).toContain('aria-label="Find an order"');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  await expect(page.getByRole('search', { name: 'Find an order' })).toBeVisible();
});
