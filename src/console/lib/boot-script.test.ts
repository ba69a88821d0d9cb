import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import BOOT from '../../../public/boot.js?raw';

// public/boot.js run in the page: what it sends
// before the app's code, and when. The console's server writes its config in the page's
// head (src/server/console-config.ts configMeta; the server's tests and e2e/first-requests.spec.ts
// check that it does), so the first page's request goes out while boot.js runs, not once
// /console-config.json has answered and the main thread is free to read that answer. A page without
// it (not from the console's server) gets nothing sent early: the app asks.

const ORDER_ID = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';
const READ_PATH = `/psp/v2/order/${ORDER_ID}/`;
const meta = (config: object) => `<meta name="order-console-config" content="${JSON.stringify(config).replaceAll('"', '&quot;')}">`;
const SANDBOX = meta({ mode: 'sandbox', development_token: 'dev-token' });

interface Sent {
  path: string;
  search: string;
  authorization: string | null;
}

let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', (input: string, init: { headers?: Record<string, string> } = {}) => {
    const url = new URL(String(input), window.location.origin);
    sent.push({ path: url.pathname, search: url.search, authorization: init.headers?.Authorization ?? null });
    return Promise.resolve(Response.json({}));
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  for (const key of ['__orderConsoleConfig', '__orderConsoleList', '__orderConsoleOrderRead'] as const) window[key] = undefined;
  window.history.replaceState(null, '', '/');
});

/** Runs boot.js at `path` in a page whose head holds `head` (before the script, as the server writes it). */
function boot(head: string, path: string) {
  document.head.innerHTML = head;
  window.history.replaceState(null, '', path);
  // Indirect eval: in the page's global scope, as a classic script runs.
  (0, eval)(BOOT);
}

const early = (key: '__orderConsoleList' | '__orderConsoleOrderRead') => window[key] as Promise<{ url: string }> | undefined;

test('a sandbox: the cold order’s read goes out while boot.js runs, and the config is never asked', async () => {
  boot(SANDBOX, `/orders/${ORDER_ID}`);
  // Synchronously: before any answer could have come.
  expect(sent).toEqual([{ path: READ_PATH, search: '', authorization: 'Token dev-token' }]);
  expect((await early('__orderConsoleOrderRead'))?.url).toBe(`${window.location.origin}${READ_PATH}`);
  expect(await (await window.__orderConsoleConfig)?.json()).toEqual({ mode: 'sandbox', development_token: 'dev-token' });
  expect(sent).toHaveLength(1);
});

test('a sandbox: /orders’s first list page too, with the search the address carries', () => {
  boot(SANDBOX, '/orders?q=ACME');
  expect(sent).toEqual([{ path: '/sandbox/orders', search: '?limit=200&q=ACME', authorization: 'Token dev-token' }]);
});

test('a proxy or team mode: nothing sent, no token out, and the app gets the config as written', async () => {
  for (const config of [{ mode: 'proxy', service_origin: 'https://orders.example', service_host: 'orders.example' }, { mode: 'team', auth: 'oidc' }]) {
    boot(meta(config), `/orders/${ORDER_ID}`);
    expect(sent, config.mode).toEqual([]);
    expect(early('__orderConsoleOrderRead'), config.mode).toBeUndefined();
    expect(await (await window.__orderConsoleConfig)?.json(), config.mode).toEqual(config);
  }
});

test('no config in the page (Vite’s dev server, a static host): nothing sent, the config left to the app', () => {
  for (const path of [`/orders/${ORDER_ID}`, '/orders']) {
    boot('', path);
    expect(sent, path).toEqual([]);
    expect(window.__orderConsoleConfig, path).toBeUndefined();
    expect(early('__orderConsoleOrderRead') ?? early('__orderConsoleList'), path).toBeUndefined();
  }
});

test('a config in the page that is not JSON: nothing sent, the app asks', () => {
  boot('<meta name="order-console-config" content="{mode: sandbox">', `/orders/${ORDER_ID}`);
  expect(sent).toEqual([]);
  expect(window.__orderConsoleConfig).toBeUndefined();
});
