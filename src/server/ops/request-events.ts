import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RequestNote } from '../../http/request-log.ts';
import { requestNoteOf } from '../../http/request-log.ts';
import type { TrustedProxies } from '../client-address.ts';
import type { Drain } from './drain.ts';
import type { Logger } from './logger.ts';
import type { ConsoleMetrics } from './metrics.ts';

// One event per request, whichever app answered it (the console's own routes, the embedded
// sandbox's, a file): its request id, method, route template, status, duration and, in team mode,
// who was signed in (the account's e-mail, as the audit names people; never a token, a password, a
// code or a body). The same request counts in the metrics under its route template, never its path.
//
// X-Request-Id: a reverse proxy in CONSOLE_TRUSTED_PROXIES may send one (nginx's $request_id), so its
// access log and ours name a request alike; from anyone else, or not of a sane shape, a new one.

export const REQUEST_ID_HEADER = 'X-Request-Id';
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
// Probes and scrapes come every few seconds: in the log only at debug.
const QUIET = new Set(['/healthz', '/readyz', '/metrics']);

const UUID = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;
// What the forwarder passes under /env/{id} (forward.ts, operationOf): anything else is its 404.
const FORWARDED = new Set([
  '/psp/v2/order/',
  '/psp/v2/order/:id/',
  '/psp/v2/order/:id/refund/',
  '/sandbox/orders',
  '/sandbox/orders/:id/events',
  '/sandbox/orders/:id/request',
  '/sandbox/orders/:id/status',
  '/sandbox/stats',
  '/sandbox/faults',
  '/sandbox/faults/:faultId',
  '/sandbox/reset',
]);

/** The route template a request counts under: what the app that answered it matched, made specific where it matched a wildcard. */
export function routeTemplate(method: string, path: string, status: number, note: RequestNote | undefined): string {
  const route = note?.route ?? null;
  if (route === '/env/:envId/*') {
    const rest = path.replace(/^\/env\/[^/]+/, '').replace(UUID, ':id').replace(/^\/sandbox\/faults\/[^/]+$/, '/sandbox/faults/:faultId');
    return FORWARDED.has(rest) ? `/env/:envId${rest}` : route;
  }
  if (route !== null) return route;
  if (QUIET.has(path)) return path;
  if (status === 404 || (method !== 'GET' && method !== 'HEAD')) return '(unmatched)';
  if (path.startsWith('/assets/')) return '/assets/*';
  return /\/[^/]*\.[A-Za-z0-9]{1,8}$/.test(path) ? '(file)' : '(page)';
}

const requestIds = new WeakMap<Request, string>();

/** The id of a request this server is answering (for an error's log line). */
export const requestIdOf = (request: Request): string | undefined => requestIds.get(request);

export interface RequestEventsOptions {
  logger: Logger;
  metrics: ConsoleMetrics;
  drain: Drain;
  trustedProxies: TrustedProxies | null;
  peerAddress: (c: Context) => string | null;
  /** The signed-in account's e-mail, once the request is answered (team mode). */
  userOf?: (request: Request) => Promise<string | null>;
}

function setHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    // A response whose headers are immutable (one passed on from fetch): copied, then set.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}

export function requestEvents(options: RequestEventsOptions) {
  const { logger, metrics, drain } = options;
  return createMiddleware(async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const peer = options.peerAddress(c);
    const fromProxy = incoming !== undefined && SANE_ID.test(incoming) && peer !== null && options.trustedProxies?.has(peer) === true;
    const id = fromProxy ? incoming : randomUUID();
    requestIds.set(c.req.raw, id);
    const leave = drain.enter();
    metrics.httpInFlight.inc();
    const started = performance.now();
    try {
      await next();
    } finally {
      leave();
      metrics.httpInFlight.dec();
    }
    const seconds = (performance.now() - started) / 1000;
    setHeader(c, REQUEST_ID_HEADER, id);
    // A stopping server takes no more requests on a connection it keeps open.
    if (drain.stopping) setHeader(c, 'Connection', 'close');

    const method = c.req.method;
    const path = new URL(c.req.url).pathname;
    const note = requestNoteOf(c.req.raw);
    const status = c.res.status;
    const route = routeTemplate(method, path, status, note);
    metrics.httpRequests.inc({ method, route, status: String(status) });
    metrics.httpDuration.observe({ method, route }, seconds);

    const user = (await options.userOf?.(c.req.raw)) ?? null;
    // A staff member's address in a users path stays out of the line: the template says which route.
    const shown = route.includes(':email') ? route : path;
    const ms = Math.round(seconds * 1000);
    const word = note?.status ?? String(status);
    const fields = { req_id: id, method, route, path: shown, status, ms, ...(user !== null && { user }), ...(note?.status !== undefined && { closed: true }), ...(note?.note !== undefined && { note: note.note }) };
    const line = `${method} ${shown} ${word} ${ms}ms${note?.note === undefined ? '' : ` (${note.note})`}`;
    if (QUIET.has(path)) logger.debug(fields, line);
    else if (status >= 500) logger.warn(fields, line);
    else logger.info(fields, line);
  });
}
