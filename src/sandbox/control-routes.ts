import type { Hono } from 'hono';
import type { ArrayErrorShape, DrfErrorBody } from '../contract/drf-errors.ts';
import { sandboxPaths } from '../contract/paths.ts';
import type { OrderStatus } from '../contract/schemas.ts';
import { orderStatusSchema } from '../contract/schemas.ts';
import type { SandboxEnv } from './auth.ts';
import { linkOrigin } from '../http/host-check.ts';
import { readJsonObject } from '../http/body.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { detailError, notFound, validationError } from '../http/errors.ts';
import { orderResponse } from './order-view.ts';
import { byMethod } from '../http/routing.ts';
import { idPattern, orderIdParam } from './route-params.ts';
import type { ListQuery, Store } from './store.ts';
import { validateStatusChange } from './validation.ts';

// docs/decisions.md D7: the sandbox's control API (token-protected, not part of the partner interface).

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
const MAX_SEARCH_LENGTH = 255;

/** The list's query string, or the DRF field errors for it. */
export function parseListQuery(params: URLSearchParams): { ok: true; query: ListQuery } | { ok: false; errors: DrfErrorBody } {
  const errors: DrfErrorBody = {};
  let limit = DEFAULT_PAGE_SIZE;
  const limitText = params.get('limit');
  if (limitText !== null && limitText !== '') {
    limit = /^[0-9]{1,4}$/.test(limitText) ? Number.parseInt(limitText, 10) : 0;
    if (limit < 1 || limit > MAX_PAGE_SIZE) errors['limit'] = [`Must be a whole number from 1 to ${MAX_PAGE_SIZE}`];
  }
  let status: OrderStatus | null = null;
  const statusText = params.get('status');
  if (statusText !== null && statusText !== '') {
    const parsed = orderStatusSchema.safeParse(statusText);
    if (parsed.success) status = parsed.data;
    else errors['status'] = parsed.error.issues.map((issue) => issue.message);
  }
  const cursorText = params.get('cursor');
  const cursor = cursorText === null || cursorText === '' ? null : decodeCursor(cursorText);
  if (cursorText !== null && cursorText !== '' && cursor === null) errors['cursor'] = ['Invalid cursor.'];
  const qText = params.get('q')?.trim() ?? '';
  if (qText.length > MAX_SEARCH_LENGTH || qText.includes('\u0000')) errors['q'] = [`At most ${MAX_SEARCH_LENGTH} characters of text`];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { limit, status, cursor, q: qText === '' ? null : qText } };
}

export function registerControlRoutes(app: Hono<SandboxEnv>, store: Store, shape: ArrayErrorShape): void {
  app.all(
    sandboxPaths.orders(),
    byMethod<SandboxEnv>({
      GET: async (c) => {
        const parsed = parseListQuery(new URL(c.req.url).searchParams);
        if (!parsed.ok) throw validationError(parsed.errors);
        const { query } = parsed;
        // One extra row says whether there is a next page without a count.
        const rows = await store.listOrders(c.get('owner'), { ...query, limit: query.limit + 1 });
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        const nextCursor =
          rows.length > query.limit && last !== undefined ? encodeCursor({ createdKey: last.created_key, id: last.id }) : null;
        return c.json({ results: page.map((order) => orderResponse(order, linkOrigin(c))), next_cursor: nextCursor }, 200);
      },
    }),
  );

  app.all(
    idPattern(sandboxPaths.orderStatus),
    byMethod<SandboxEnv>({
      POST: async (c) => {
        const id = orderIdParam(c);
        const body = await readJsonObject(c.req.raw, shape);
        const valid = validateStatusChange(body, shape);
        if (!valid.ok) throw validationError(valid.errors);
        const target = valid.data.status;
        const result = await store.moveOrder(c.get('owner'), id, target, { allowSame: true, source: 'control' });
        if (result.kind === 'not_found') throw notFound();
        if (result.kind === 'invalid_transition') {
          throw detailError(409, 'invalid_transition', `Cannot move order from ${result.from} to ${target}.`);
        }
        return c.json(orderResponse(result.order, linkOrigin(c)), 200);
      },
    }),
  );

  app.all(
    sandboxPaths.reset(),
    byMethod<SandboxEnv>({
      POST: async (c) => {
        await store.reset(c.get('owner'));
        return c.body(null, 204);
      },
    }),
  );
}
