import type { Hono } from 'hono';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { noOrderPage, notHerePage, reportedReturnPage, reportedStatus, returnPage } from './return-page.ts';
import { byMethod } from '../http/routing.ts';
import { isUuid } from '../contract/uuid.ts';
import type { Store } from './store.ts';

/**
 * GET /sandbox/return?order_id=&status=: where a sample order's return_url leads. No token, like the
 * checkout page: the customer's browser has none, and the id is an unguessable random UUID. Without
 * a store (proxy mode) the page shows what the checkout reported and the link to the console.
 * Registered before the sandbox's token check and the proxy mode's /sandbox/* 404, which it precedes.
 */
export function registerReturnRoutes(app: Hono<SandboxEnv>, store: Store | undefined): void {
  const noStore = { 'Cache-Control': 'no-store' };
  app.all(
    sandboxPaths.returnPage(),
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const id = c.req.query('order_id') ?? '';
        const reported = reportedStatus(c.req.query('status'));
        if (!isUuid(id)) return c.html(noOrderPage(), 400, noStore);
        if (store === undefined) return c.html(reportedReturnPage(id.toLowerCase(), reported), 200, noStore);
        const order = await store.getOrderById(id.toLowerCase());
        if (order === null) return c.html(notHerePage(id.toLowerCase(), reported), 404, noStore);
        return c.html(returnPage(order, reported), 200, noStore);
      },
    }),
  );
}
