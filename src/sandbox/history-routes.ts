import type { Hono } from 'hono';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import { notFound } from './errors.ts';
import { byMethod, idPattern, orderIdParam } from './routing.ts';
import type { Store } from './store.ts';

// docs/decisions.md D12: an order's history and its create request, for the token that owns the order
// (another token gets the 404 of an unknown order).

export function registerHistoryRoutes(app: Hono<SandboxEnv>, store: Store): void {
  app.all(
    idPattern(sandboxPaths.orderEvents),
    byMethod({
      GET: async (c) => {
        const events = await store.orderEvents(c.get('owner'), orderIdParam(c));
        if (events === null) throw notFound();
        return c.json({ results: events }, 200);
      },
    }),
  );

  app.all(
    idPattern(sandboxPaths.orderRequest),
    byMethod({
      GET: async (c) => {
        const text = await store.orderRequest(c.get('owner'), orderIdParam(c));
        if (text === null) throw notFound();
        // The bytes as received (UTF-8, it was checked on the way in); never rendered by a browser.
        return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Disposition': 'inline; filename="request.json"' });
      },
    }),
  );
}
