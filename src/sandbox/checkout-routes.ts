import type { Hono } from 'hono';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { checkoutActions, checkoutPage, CHECKOUT_ACTIONS, isCheckoutAction, notAllowedPage, orderNotFoundPage, resultPage, returnUrlWithResult } from './checkout-page.ts';
import { idPattern } from './route-params.ts';
import { isUuid } from '../contract/uuid.ts';
import { byMethod } from '../http/routing.ts';
import type { Store } from './store.ts';

// The customer checkout page (D7). No token: the customer's browser has none, and the id is an
// unguessable random UUID.

export const CHECKOUT_PREFIX = sandboxPaths.checkout('');

export function registerCheckoutRoutes(app: Hono<SandboxEnv>, store: Store): void {
  const checkoutPattern = idPattern(sandboxPaths.checkout);
  const noStore = { 'Cache-Control': 'no-store' };

  app.all(
    checkoutPattern,
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const id = c.req.param('id') ?? '';
        const order = isUuid(id) ? await store.getOrderById(id.toLowerCase()) : null;
        if (order === null) return c.html(orderNotFoundPage(), 404, noStore);
        return c.html(checkoutPage(order), 200, noStore);
      },
    }),
  );

  app.all(
    `${checkoutPattern}/:action`,
    byMethod<SandboxEnv>({
      POST: async (c) => {
        const id = c.req.param('id') ?? '';
        const action = c.req.param('action') ?? '';
        if (!isUuid(id) || !isCheckoutAction(action)) return c.html(orderNotFoundPage(), 404, noStore);
        // A button of a page opened earlier, pressed once the order is past the checkout: not the customer's move any more.
        const current = await store.getOrderById(id.toLowerCase());
        if (current === null) return c.html(orderNotFoundPage(), 404, noStore);
        if (!checkoutActions(current.status).includes(action)) return c.html(notAllowedPage(current, action), 409, noStore);
        const result = await store.moveOrder(null, id.toLowerCase(), CHECKOUT_ACTIONS[action].target, { source: 'checkout' });
        if (result.kind === 'not_found') return c.html(orderNotFoundPage(), 404, noStore);
        if (result.kind === 'invalid_transition') {
          const order = await store.getOrderById(id.toLowerCase());
          if (order === null) return c.html(orderNotFoundPage(), 404, noStore);
          return c.html(notAllowedPage(order, action), 409, noStore);
        }
        const { order } = result;
        const location = returnUrlWithResult(order.return_url, order.id, order.status);
        if (location === null) return c.html(resultPage(order), 200, noStore);
        return c.redirect(location, 303);
      },
    }),
  );
}
