import { test as base, expect } from '@playwright/test';
import { OrderApi } from './support/order-api.ts';
import { sampleOrder as kitSampleOrder, sampleRefund, SHOP_RETURN_URL, uniqueId } from '../src/testing/sample-bodies.ts';
import type { OrderOverrides } from '../src/testing/sample-bodies.ts';
import { guardContext } from './support/guard.ts';
import type { Target } from './support/target.ts';
import { DEV_TOKEN, resolveTarget } from './support/target.ts';

// What every spec imports instead of @playwright/test. See e2e/README.md for a worked example.

export { expect };
export type { OrderApi };
export { sampleRefund, SHOP_RETURN_URL, uniqueId };
export { field, hasFocus, namedValues, orderAmount, orderStatus, recordApiRequests, settled, tabTo } from './support/ui.ts';

/** The console's first environment (src/console/lib/environments.ts); its token lives under this key. */
const CONSOLE_ENVIRONMENT_ID = 'local-sandbox';

/** A valid order body with a unique order_external_id (E2E-…), changed by `overrides`. */
const sampleOrder = (overrides: OrderOverrides = {}) => kitSampleOrder(overrides, 'E2E');

export interface TestFixtures {
  /** The Order Service API with the environment's token: seed and check orders without the UI. */
  api: OrderApi;
  /** A valid order body with a unique order_external_id; pass overrides for what the test cares about. */
  sampleOrder: typeof sampleOrder;
}

export interface WorkerFixtures {
  target: Target;
  /** Whether the environment answers the sandbox control API and checkout page (D7). */
  sandbox: boolean;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  target: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern.
    async ({}, use) => {
      await use(resolveTarget());
    },
    { scope: 'worker' },
  ],

  sandbox: [
    async ({ target, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: target.baseURL, extraHTTPHeaders: { Authorization: `Token ${target.token}` } });
      const response = await request.get('/sandbox/orders', { params: { limit: '1' } });
      await request.dispose();
      if (response.status() === 401 || response.status() === 403) {
        throw new Error(`e2e: ${target.baseURL} rejected the token (HTTP ${response.status()}): check E2E_TOKEN`);
      }
      await use(response.status() === 200);
    },
    { scope: 'worker' },
  ],

  api: async ({ target, sandbox, playwright }, use) => {
    const request = await playwright.request.newContext({ baseURL: target.baseURL, extraHTTPHeaders: { Authorization: `Token ${target.token}` } });
    const api = new OrderApi(request, sandbox, target.baseURL, 'E2E');
    await use(api);
    await api.cleanUp();
    await request.dispose();
  },

  // eslint-disable-next-line no-empty-pattern -- as above.
  sampleOrder: async ({}, use) => {
    await use(sampleOrder);
  },

  /** The console, already pointed at the environment with its token; nothing leaves the machine. */
  page: async ({ page, context, target, sandbox }, use) => {
    if (target.token !== DEV_TOKEN || !sandbox) {
      // What Settings would store: the token in this tab's session, and whether the control API exists.
      // Written only when absent, so a test that changes them in Settings keeps its change on reload.
      const environment = { id: CONSOLE_ENVIRONMENT_ID, name: 'E2E target', baseUrl: '', production: false, sandbox, rememberToken: false };
      await context.addInitScript(`(() => {
        const tokenKey = ${JSON.stringify(`order-console:token:${CONSOLE_ENVIRONMENT_ID}`)};
        if (sessionStorage.getItem(tokenKey) === null) sessionStorage.setItem(tokenKey, ${JSON.stringify(target.token)});
        if (localStorage.getItem('order-console:environments') === null) {
          localStorage.setItem('order-console:environments', ${JSON.stringify(JSON.stringify([environment]))});
        }
      })();`);
    }

    const blocked = await guardContext(context, target);

    await use(page);

    expect(blocked, 'requests to hosts outside the environment under test').toEqual([]);
  },
});
