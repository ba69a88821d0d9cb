import type { Hono } from 'hono';
import { sandboxPaths } from '../contract/paths.ts';
import type { SandboxEnv } from './auth.ts';
import type { DrfErrorBody } from '../contract/drf-errors.ts';
import { EVENTS_PAGE_DEFAULT, EVENTS_PAGE_MAX } from '../contract/history.ts';
import { notFound, validationError } from '../http/errors.ts';
import type { EventsPage } from './store-events.ts';
import { byMethod } from '../http/routing.ts';
import { idPattern, orderIdParam } from './route-params.ts';
import type { Store } from './store.ts';

// docs/decisions.md D12: an order's history and its create request, for the token that owns the order
// (another token gets the 404 of an unknown order).

/** `?limit=&cursor=`: the cursor is the last event id of the page before. */
function parsePage(params: URLSearchParams): EventsPage {
  const errors: DrfErrorBody = {};
  const limitText = params.get('limit');
  const limit = limitText === null ? EVENTS_PAGE_DEFAULT : /^[0-9]{1,4}$/.test(limitText) ? Number(limitText) : 0;
  if (limit < 1 || limit > EVENTS_PAGE_MAX) errors['limit'] = [`A whole number from 1 to ${EVENTS_PAGE_MAX}`];
  const cursorText = params.get('cursor');
  if (cursorText !== null && !/^[1-9][0-9]{0,17}$/.test(cursorText)) errors['cursor'] = ['Invalid cursor'];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return { after: cursorText === null ? null : Number(cursorText), limit };
}

export function registerHistoryRoutes(app: Hono<SandboxEnv>, store: Store): void {
  app.all(
    idPattern(sandboxPaths.orderEvents),
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const id = orderIdParam(c);
        const page = parsePage(new URL(c.req.url).searchParams);
        const found = await store.orderEvents(c.get('owner'), id, page);
        if (found === null) throw notFound();
        const last = found.events.at(-1);
        return c.json({ results: found.events, next_cursor: found.more && last !== undefined ? String(last.id) : null }, 200);
      },
    }),
  );

  app.all(
    idPattern(sandboxPaths.orderRequest),
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const text = await store.orderRequest(c.get('owner'), orderIdParam(c));
        if (text === null) throw notFound();
        // The bytes as received (UTF-8, it was checked on the way in); never rendered by a browser.
        return c.body(text, 200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Disposition': 'inline; filename="request.json"' });
      },
    }),
  );
}
