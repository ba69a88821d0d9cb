import type { Request, Worker } from '@playwright/test';
import { orderServicePaths, sandboxPaths } from '../src/contract/paths.ts';
import { expect, test, uniqueId } from './fixtures.ts';
import { DEV_TOKEN } from './support/target.ts';

// Personal mode: /orders's first list page is asked by public/boot.js while the app's code
// downloads, and the app shows that answer instead of asking again; a failed answer shows as it
// always has. An order opened by its URL in a fresh browser shows, asking little before its heading.

const isList = (request: Request) => new URL(request.url()).pathname === '/sandbox/orders';
const isConfig = (request: Request) => new URL(request.url()).pathname === '/console-config.json';

test('the list is asked once, before the app has run, and shows that answer', async ({ page, api }) => {
  const prefix = uniqueId('E2E-BOOT');
  const order = await api.createOrder({ order_external_id: `${prefix}-A` });
  const lists: Request[] = [];
  const configs: Request[] = [];
  page.on('request', (request) => {
    if (isList(request)) lists.push(request);
    if (isConfig(request)) configs.push(request);
  });

  await page.goto(`/orders?q=${prefix}`);
  const table = page.getByRole('table', { name: 'All sandbox orders' });
  await expect(table.getByRole('row').filter({ hasText: order.external_id })).toBeVisible();
  await expect(page.getByText('Loaded 1 order (all)')).toBeVisible();
  expect(lists).toHaveLength(1);
  // The server wrote its config in the page: neither boot.js nor the app asked for it.
  expect(configs).toHaveLength(0);
  const [list] = lists;
  // The request the app itself would send: the search, the token in its header and nowhere else.
  expect(new URL(list?.url() ?? '').searchParams.get('q')).toBe(prefix);
  expect(list?.url()).not.toMatch(/token/i);
  expect(await list?.headerValue('authorization')).toMatch(/^Token \S+$/);

  // The journal lists it once, as a request the console made.
  await page.getByRole('button', { name: 'Journal' }).click();
  await expect(page.getByRole('dialog', { name: 'Request journal' }).getByText('/sandbox/orders')).toHaveCount(1);
});

test('a page without the server’s config (a static host): the app asks for it, then for the list, once', async ({ page }) => {
  const lists: Request[] = [];
  const configs: Request[] = [];
  page.on('request', (request) => {
    if (isList(request)) lists.push(request);
    if (isConfig(request)) configs.push(request);
  });
  // The page as a host that is not the console's server sends it: without the config in its head.
  await page.route((url) => url.pathname === '/orders', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<meta name="order-console-config"[^>]*>/, '');
    await route.fulfill({ response, body });
  });

  await page.goto('/orders');
  await expect(page.getByRole('table', { name: 'All sandbox orders' }).or(page.getByRole('heading', { name: 'No orders yet' }))).toBeVisible();
  await page.getByRole('button', { name: 'Journal' }).click();
  await expect(page.getByRole('dialog', { name: 'Request journal' }).getByText('/sandbox/orders')).toHaveCount(1);
  expect(lists).toHaveLength(1);
  expect(configs).toHaveLength(1);
});

test('a rejected token on the early list request shows as it always has', async ({ page }) => {
  let asked = 0;
  await page.route('**/sandbox/orders?*', (route) => {
    asked += 1;
    return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ detail: 'Invalid token.' }) });
  });

  await page.goto('/orders');
  await expect(page.getByRole('alert').filter({ hasText: 'The service rejected the token' }).first()).toBeVisible();
  await expect(page.getByText('Listing the sandbox orders failed with')).toBeVisible();
  expect(asked).toBe(1);
});

test('an answer the service could not give shows the list error, and Retry asks again', async ({ page }) => {
  let failing = true;
  await page.route('**/sandbox/orders?*', (route) =>
    failing ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'Down for maintenance.' }) }) : route.continue(),
  );

  await page.goto('/orders');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the sandbox orders' });
  await expect(alert).toBeVisible();
  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('table', { name: 'All sandbox orders' }).or(page.getByRole('heading', { name: 'No orders yet' }))).toBeVisible();
});

test('an order opened by its URL in a fresh browser shows', async ({ browser, api, target }) => {
  const order = await api.createOrder({ order_external_id: uniqueId('E2E-COLD') });
  const context = await browser.newContext({ baseURL: target.baseURL });
  try {
    const page = await context.newPage();
    if (target.token !== DEV_TOKEN) await page.addInitScript(`sessionStorage.setItem('order-console:token:local-sandbox', ${JSON.stringify(target.token)})`);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('new');
  } finally {
    await context.close();
  }
});

test('an order opened cold is read once, sent before the app’s code has run, and the journal lists it', async ({ browser, api, target, sandbox }) => {
  test.skip(!sandbox, 'boot.js sends the early read on a sandbox only');
  const order = await api.createOrder({ order_external_id: uniqueId('E2E-READ') });
  const context = await browser.newContext({ baseURL: target.baseURL });
  try {
    const page = await context.newPage();
    if (target.token !== DEV_TOKEN) await page.addInitScript(`sessionStorage.setItem('order-console:token:local-sandbox', ${JSON.stringify(target.token)})`);
    const asked: string[] = [];
    const reads: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      asked.push(path);
      if (path === orderServicePaths.orderRead(order.id)) reads.push(request);
    });

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
    expect(reads).toHaveLength(1);
    // Out before the order page's code was even asked for (boot.js), with the token in its header only.
    const readAt = asked.indexOf(orderServicePaths.orderRead(order.id));
    const codeAt = asked.findIndex((path) => /\/assets\/order-first-screen-/.test(path));
    expect(codeAt).toBeGreaterThan(-1);
    expect(readAt).toBeLessThan(codeAt);
    expect(reads[0]?.url()).not.toMatch(/token/i);
    expect(await reads[0]?.headerValue('authorization')).toMatch(/^Token \S+$/);

    await page.getByRole('button', { name: 'Journal' }).click();
    await expect(page.getByRole('dialog', { name: 'Request journal' }).getByRole('button', { name: `GET ${orderServicePaths.orderRead(order.id)}: 200` })).toHaveCount(1);
  } finally {
    await context.close();
  }
});

test('an order opened cold asks little before its heading shows, and its history once, after it', async ({ browser, api, target, sandbox }) => {
  test.skip(!sandbox, 'the history and the lifecycle path come from the sandbox');
  const order = await api.createOrder({ order_external_id: uniqueId('E2E-COLD') });
  const heading = `Order ${order.external_id}`;
  const context = await browser.newContext({ baseURL: target.baseURL });
  try {
    const page = await context.newPage();
    if (target.token !== DEV_TOKEN) await page.addInitScript(`sessionStorage.setItem('order-console:token:local-sandbox', ${JSON.stringify(target.token)})`);
    // When the heading is first in the page, on the clock the page's resource timings use.
    await page.addInitScript(`new MutationObserver((_, observer) => {
      if ([...document.querySelectorAll('h2')].some((h) => h.textContent === ${JSON.stringify(heading)})) {
        window.__headingAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });`);
    const events: Request[] = [];
    const orderReads: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === sandboxPaths.orderEvents(order.id)) events.push(request);
      if (path === orderServicePaths.orderRead(order.id)) orderReads.push(request);
    });

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    // Both readers of the order's events have shown them: the history's timeline and the lifecycle's path.
    await expect(page.getByRole('region', { name: 'History' }).getByText('Order created')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lifecycle' }).getByTestId('lifecycle-text')).toContainText(/Path: New \(/);
    // Once for the order's first answer, which both panels show. The history is read again with each
    // read of the order (its poll, every 2.5 s while it is new), which a busy machine can reach before
    // this line: one read of the events per read of the order, never two.
    await expect.poll(() => events.length - orderReads.length, { message: 'reads of the events beyond one per read of the order' }).toBe(0);

    const { headingAt, resources } = await page.evaluate(() => {
      const seen: unknown = Reflect.get(globalThis, '__headingAt');
      return {
        headingAt: typeof seen === 'number' ? seen : null,
        resources: performance.getEntriesByType('resource').map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      };
    });
    if (headingAt === null) throw new Error('the heading was never seen in the page');
    // The header's extras come after the page's first content or, on a slow machine, 1.5 s after the
    // header shows (app/first-content.ts), which may be before: they are not the order page's.
    const before = resources.filter((r) => r.start < headingAt && !/header-extras|\/sandbox\/faults$/.test(r.path)).map((r) => r.path);
    expect(before).not.toContain(sandboxPaths.orderEvents(order.id));
    // Nor the contract's schemas (zod): the order's check against them comes after it (D9), in its own
    // chunk. By content, not only by name: an import of the check's module from the page's first code
    // once put zod into the order's first-screen chunk (44 KB gzip and 30 ms of evaluation more).
    expect(before.filter((path) => /\/assets\/contract-/.test(path))).toEqual([]);
    expect(resources.filter((r) => /\/assets\/contract-/.test(r.path))).toHaveLength(1);
    for (const path of [...before.filter((p) => /^\/assets\/.+\.js$/.test(p)), ...resources.map((r) => r.path).filter((p) => /\/assets\/contract-.+\.js$/.test(p))]) {
      const zod = (await (await page.request.get(path)).text()).includes('$ZodObject');
      expect(zod, `${path} holds zod`).toBe(/\/assets\/contract-/.test(path));
    }
    // The budget: at most 10 requests before the order shows, the document (not a resource entry) included.
    expect(before.length + 1, before.join('\n')).toBeLessThanOrEqual(10);
  } finally {
    await context.close();
  }
});

/** The number of cores the page is told it has (boot.js starts its worker only with more than two). */
const cores = (count: number) => `Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { configurable: true, get: () => ${count} })`;

test('on /orders with cores to spare a worker loads the locale’s date data beside the app, then ends; the list shows its dates', async ({ page, api }) => {
  await page.addInitScript(cores(8));
  const prefix = uniqueId('E2E-INTL');
  const order = await api.createOrder({ order_external_id: `${prefix}-A` });
  const workers: Worker[] = [];
  const closed: Promise<void>[] = [];
  page.on('worker', (worker) => {
    workers.push(worker);
    closed.push(new Promise((resolve) => worker.once('close', () => resolve())));
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });

  await page.goto(`/orders?q=${prefix}`);
  const row = page.getByRole('table', { name: 'All sandbox orders' }).getByRole('row').filter({ hasText: order.external_id });
  await expect(row).toBeVisible();
  expect(workers.map((worker) => new URL(worker.url()).pathname)).toEqual(['/intl-warm.js']);
  // It ends once the data is loaded (boot.js terminates it): nothing stays running in the page.
  await Promise.all(closed);
  // The page's policy lets it start (a refusal is a console error).
  expect(refused.filter((text) => /worker|Content Security Policy/i.test(text))).toEqual([]);
  // The row's date in the browser's locale, as without the worker.
  const settled = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    order.date_settled,
  );
  await expect(row).toContainText(settled);
});

test('other pages start no such worker', async ({ page }) => {
  await page.addInitScript(cores(8));
  const workers: Worker[] = [];
  page.on('worker', (worker) => workers.push(worker));
  await page.goto('/orders/new');
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  expect(workers).toEqual([]);
});

test('on a two-core machine /orders starts no worker, and the list shows its dates all the same', async ({ page, api }) => {
  await page.addInitScript(cores(2));
  const order = await api.createOrder({ order_external_id: uniqueId('E2E-INTL2') });
  const workers: Worker[] = [];
  page.on('worker', (worker) => workers.push(worker));
  await page.goto(`/orders?q=${order.external_id}`);
  const row = page.getByRole('table', { name: 'All sandbox orders' }).getByRole('row').filter({ hasText: order.external_id });
  const settled = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    order.date_settled,
  );
  await expect(row).toContainText(settled);
  expect(workers).toEqual([]);
});

test('an order opened cold whose answer is not as documented shows, then says what did not match (D9)', async ({ browser, api, target }) => {
  const order = await api.createOrder({ order_external_id: uniqueId('E2E-D9') });
  const context = await browser.newContext({ baseURL: target.baseURL });
  try {
    const page = await context.newPage();
    if (target.token !== DEV_TOKEN) await page.addInitScript(`sessionStorage.setItem('order-console:token:local-sandbox', ${JSON.stringify(target.token)})`);
    // The service answers a status the document does not have (the early read from boot.js included).
    await page.route(`**${orderServicePaths.orderRead(order.id)}`, async (route) => {
      const response = await route.fetch();
      const body: unknown = await response.json();
      await route.fulfill({ response, json: { ...(typeof body === 'object' ? body : {}), status: 'paid_out' } });
    });

    await page.goto(`/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: "The service's answer does not match the documented order" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('status: "paid_out" is not a valid choice');
  } finally {
    await context.close();
  }
});
