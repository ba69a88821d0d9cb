import type { Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { ORDER_SEARCH_PATH } from '../../contract/console-api.ts';
import { parseOrderSearch, searchesCustomerFields } from '../../contract/order-search.ts';
import { permissionsIn, roleIn } from '../../contract/permissions.ts';
import { detailError } from '../../http/errors.ts';
import { assertPermission, refusalDetail, refusePermission, requirePermission } from '../permissions-check.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { decodeCursor, indexedOrders, searchIndex, SearchTooCostlyError } from './order-index-search.ts';
import { isUuid } from '../../contract/uuid.ts';

// GET /api/orders/search?q=&env=&cursor= searches the team order index. One environment
// (env= or env: in q) needs read:order there (403 and an audit entry otherwise, as forwarding does);
// without one, every environment the person may read is searched. Customer fields are answered and
// matched only where the person holds read:customer; an e-mail search with that permission nowhere
// is refused. A search that looks at customer fields is audited with its query: who looked for whom.

const MAX_CURSOR = 400;

const environmentAsked = (c: Context<TeamEnv>): string | null => {
  const param = c.req.query('env');
  if (param !== undefined && param !== '') return param;
  const parsed = parseOrderSearch(c.req.query('q') ?? '');
  return parsed.ok ? parsed.search.env : null;
};

export function registerOrderSearch(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const guard = requirePermission(ctx, 'read:order', environmentAsked);
  const readGuard = createMiddleware<TeamEnv>(async (c, next) => (environmentAsked(c) === null ? next() : guard(c, next)));

  app.get(ORDER_SEARCH_PATH, readGuard, async (c) => {
    const q = c.req.query('q') ?? '';
    const parsed = parseOrderSearch(q);
    if (!parsed.ok) throw detailError(400, 'invalid_search', parsed.error);
    const search = parsed.search;
    const param = c.req.query('env');
    if (param !== undefined && param !== '' && search.env !== null && search.env !== param) {
      throw detailError(400, 'invalid_search', `The search says env:${search.env} but the page is on ${param}: use one environment.`);
    }
    const cursorText = c.req.query('cursor');
    const cursor = cursorText === undefined || cursorText === '' ? null : cursorText.length > MAX_CURSOR ? null : decodeCursor(cursorText);
    if (cursorText !== undefined && cursorText !== '' && cursor === null) throw detailError(400, 'invalid_cursor', 'This link’s page marker is not valid: start the search again.');

    const user = c.get('user');
    const asked = environmentAsked(c);
    const readable = ctx.config.environments.filter((e) => (asked === null || e.id === asked) && permissionsIn(user.grants, e.id).includes('read:order'));
    const customerEnvironments = readable.filter((e) => permissionsIn(user.grants, e.id).includes('read:customer')).map((e) => e.id);
    const personal = searchesCustomerFields(search) && customerEnvironments.length > 0;

    if (search.email !== null && customerEnvironments.length === 0) {
      const environment = readable[0];
      const role = environment === undefined ? null : roleIn(user.grants, environment.id);
      return refusePermission(ctx.audit, c, { role, environment: asked, permission: 'read:customer', detail: refusalDetail(role, 'read:customer', environment?.name ?? 'any environment'), request: { q } });
    }

    const page = await searchIndex(ctx.db, search, { environments: readable.map((e) => e.id), customerEnvironments }, cursor).catch((error: unknown) => {
      if (error instanceof SearchTooCostlyError) {
        throw detailError(422, 'search_too_costly', 'This search took too long to answer: narrow it with env:, status:, created: or a longer word.');
      }
      throw error;
    });
    if (personal) {
      await ctx.audit.record({
        user: user.email,
        role: asked === null ? null : roleIn(user.grants, asked),
        environment: asked,
        action: 'order_search',
        order_id: null,
        body: { q, environments: customerEnvironments, page: cursor === null ? 1 : 'next' },
        outcome: `${page.orders.length} found`,
        address: clientAddress(c),
        user_agent: userAgent(c),
      });
    }
    return c.json({ results: page.orders, next_cursor: page.nextCursor }, 200, { 'Cache-Control': 'no-store' });
  });
}

const ORDER_RECORDS = '/api/env/:envId/order-index';
const MAX_RECORDS = 100;

/**
 * GET /api/env/{env}/order-index?ids=…,… (at most 100): the index's records of these orders, for the
 * order page's customer and the approval cards' and bulk rows' facts. A lookup by order id is no search
 * for a person, so it is not audited (as reading an order is not); the customer comes only with read:customer.
 */
export function registerOrderRecords(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const scope = { audit: ctx.audit, environments: ctx.config.environments };
  app.get(ORDER_RECORDS, async (c) => {
    const environment = await assertPermission(c, scope, c.req.param('envId') ?? null, 'read:order');
    const ids = (c.req.query('ids') ?? '').split(',').filter((id) => id !== '');
    if (ids.length > MAX_RECORDS) throw detailError(400, 'invalid', `At most ${MAX_RECORDS} orders at once.`);
    if (!ids.every(isUuid)) throw detailError(400, 'invalid', 'ids: each is an order id (a UUID), separated by commas.');
    const visible = permissionsIn(c.get('user').grants, environment.id).includes('read:customer');
    const results = await indexedOrders(ctx.db, environment.id, ids.map((id) => id.toLowerCase()), visible);
    return c.json({ results }, 200, { 'Cache-Control': 'no-store' });
  });
}
