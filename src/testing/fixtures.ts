import { test as base } from '@playwright/test';
import type { ConsoleEnvironment } from './environment.ts';
import { DEV_TOKEN, environmentFromEnv } from './environment.ts';
import { SandboxClient } from './sandbox-client.ts';

// Playwright's `test` with the Order Console fixtures. `baseURL` follows the environment, so
// `page.goto('/orders/new')` opens the console under test and `request` calls its API.

/** The console's first environment (src/console/lib/environments.ts); its token lives under this key. */
const CONSOLE_ENVIRONMENT_ID = 'local-sandbox';

export interface OrderConsoleWorkerFixtures {
  /** The console and its token: E2E_BASE_URL and E2E_TOKEN, else `use.baseURL` and dev-token. Overridable with `test.use`. */
  consoleEnvironment: ConsoleEnvironment;
  /** Whether the environment answers the sandbox control API (D7); a real Order Service does not. */
  hasControlApi: boolean;
}

export interface OrderConsoleTestFixtures {
  /** The Order Service and sandbox control API with the token; every answer parsed with the contract. */
  sandbox: SandboxClient;
}

export const test = base.extend<OrderConsoleTestFixtures, OrderConsoleWorkerFixtures>({
  consoleEnvironment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from this pattern.
    async ({}, use, workerInfo) => {
      await use(environmentFromEnv(process.env, workerInfo.project.use.baseURL));
    },
    { scope: 'worker', option: true },
  ],

  hasControlApi: [
    async ({ consoleEnvironment, playwright }, use) => {
      const request = await playwright.request.newContext({
        baseURL: consoleEnvironment.baseURL,
        extraHTTPHeaders: { Authorization: `Token ${consoleEnvironment.token}` },
      });
      const response = await request.get('/sandbox/orders', { params: { limit: '1' } });
      await request.dispose();
      if (response.status() === 401 || response.status() === 403) {
        throw new Error(`order-console/testing: ${consoleEnvironment.baseURL} rejected the token (HTTP ${response.status()}): check E2E_TOKEN`);
      }
      await use(response.status() === 200);
    },
    { scope: 'worker' },
  ],

  baseURL: async ({ consoleEnvironment }, use) => {
    await use(consoleEnvironment.baseURL);
  },

  sandbox: async ({ consoleEnvironment, hasControlApi, playwright }, use, testInfo) => {
    const request = await playwright.request.newContext({
      baseURL: consoleEnvironment.baseURL,
      extraHTTPHeaders: { Authorization: `Token ${consoleEnvironment.token}` },
    });
    const client = new SandboxClient(request, hasControlApi, consoleEnvironment.baseURL, `QA${testInfo.workerIndex}`);
    await use(client);
    await client.cleanUp();
    await request.dispose();
  },

  /**
   * The console with the environment's token in this tab's session, as Settings would store it.
   * Written once, into the console's own origin in this page's top frame, through a
   * same-origin document of the console (no script that runs in every page, frame and origin of the
   * context carries the token), so a provider's checkout, a shop's return page or any third-party
   * frame the test reaches never sees it. A page the test opens itself with `context.newPage()`
   * starts without it (a popup the console opens inherits the session, as in a browser).
   */
  page: async ({ page, consoleEnvironment, hasControlApi }, use) => {
    if (consoleEnvironment.token !== DEV_TOKEN || !hasControlApi) {
      const environment = { id: CONSOLE_ENVIRONMENT_ID, name: 'QA target', baseUrl: '', production: false, sandbox: hasControlApi, rememberToken: false };
      // A small JSON document of the console's origin: no app runs, nothing is called with the token.
      await page.goto(new URL('/openapi.json', `${consoleEnvironment.baseURL}/`).href);
      await page.evaluate(`(() => {
        sessionStorage.setItem(${JSON.stringify(`order-console:token:${CONSOLE_ENVIRONMENT_ID}`)}, ${JSON.stringify(consoleEnvironment.token)});
        if (localStorage.getItem('order-console:environments') === null) {
          localStorage.setItem('order-console:environments', ${JSON.stringify(JSON.stringify([environment]))});
        }
      })()`);
      await page.goto('about:blank');
    }
    await use(page);
  },
});
