import { bypass, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { inject } from 'vitest';

/** Where the console under test lives (jsdom's origin): the default environment calls this origin. */
export const CONSOLE_ORIGIN = window.location.origin;

/** The real sandbox (started once for the test run by sandbox-global-setup.ts). */
export const SANDBOX_URL = inject('sandboxUrl');

/**
 * By default every /psp/ and /sandbox/ call is handed to the real sandbox over HTTP, so component
 * tests see the service's true answers. A test overrides one route with `server.use(...)` to inject
 * a failure (network error, 500, slow answer, a service that differs).
 */
// MSW's path patterns have no regex groups (in MSW 2 `:area(psp|sandbox)` throws, in MSW 3 it never matches), hence one handler per area.
const delegateToSandbox = (area: 'psp' | 'sandbox') =>
  http.all(`${CONSOLE_ORIGIN}/${area}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, SANDBOX_URL);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return fetch(bypass(new Request(target, { method: request.method, headers: request.headers, body })));
  });

// Team mode's pages ask the team order index for the facts of the orders they show (order-index/):
// an index that holds none of them, unless a test says otherwise.
const emptyOrderIndex = http.get(`${CONSOLE_ORIGIN}/api/env/:environmentId/order-index`, () => HttpResponse.json({ results: [] }));

export const server = setupServer(delegateToSandbox('psp'), delegateToSandbox('sandbox'), emptyOrderIndex);
