import type { Context } from 'hono';
import { Hono } from 'hono';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { buildOpenApiDocument } from '../contract/openapi.ts';
import { ApiError, errorResponse, INTERNAL_ERROR_BODY, notFound } from '../http/errors.ts';
import { hostAllowList } from '../http/host-check.ts';
import type { LogNote } from '../http/request-log.ts';
import { requestLog } from '../http/request-log.ts';
import { byMethod } from '../http/routing.ts';
import { securityHeaders } from '../http/security-headers.ts';
import type { ThrottleOptions } from './auth-throttle.ts';
import type { SandboxEnv } from './auth.ts';
import { DEFAULT_TOKEN, tokenAuth } from './auth.ts';
import { CHECKOUT_PREFIX, registerCheckoutRoutes } from './checkout-routes.ts';
import { registerControlRoutes } from './control-routes.ts';
import { registerFaultRoutes } from './fault-routes.ts';
import { registerHistoryRoutes } from './history-routes.ts';
import { registerOrderRoutes } from './order-routes.ts';
import { registerReturnRoutes } from './return-routes.ts';
import { registerStatsRoutes } from './stats-routes.ts';
import type { Store } from './store.ts';

export interface AppOptions {
  /**
   * Without a store (proxy mode, D8: the console's server forwards /psp/ to a real service) the
   * sandbox routes are off: /sandbox/* is 404 but for the return page, which needs no store.
   */
  store?: Store;
  /** Accepted tokens (D2); default the development token `dev-token`. */
  tokens?: readonly string[];
  /** DRF array error shape (D3): 'list' (default) or 'index'. */
  arrayErrors?: ArrayErrorShape;
  /** One line per request and one per unexpected error; default console.info. */
  log?: (line: string) => void;
  /**
   * false: no line per request (a server embedding this app writes its own for every request, with
   * this app's route and fault note: requestNoteOf); `log` still gets the unexpected errors.
   */
  requestLines?: boolean;
  /** PUBLIC_URL: its host is answered to, and redirect_url starts with its origin. */
  publicUrl?: string;
  /** ALLOWED_HOSTS: more host names answered to besides the loopback names. */
  allowedHosts?: readonly string[];
  /** Wrong tokens per address before a 429; default DEFAULT_THROTTLE. */
  authThrottle?: ThrottleOptions;
}

// Everything under /psp/ is the partner interface (PSP_PREFIX is one version of it), /sandbox/ ours.
const API_PREFIXES = ['/psp/', '/sandbox/'] as const;
export const isApiPath = (path: string) => API_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * An answer shaped by a fault rule (D13) says so in the request log, and a connection reset on
 * purpose is `closed` instead of a status, so an injected failure never reads as a real 5xx.
 */
function faultNote(c: Context<SandboxEnv>): LogNote | undefined {
  const fault = c.get('fault');
  if (fault === undefined) return undefined;
  return { ...(fault.closed && { status: 'closed' }), note: `fault ${fault.kind}` };
}

/**
 * The sandbox Order Service as one app: the partner interface (/psp/), its control API, checkout and
 * return pages (/sandbox/) and /openapi.json. Anything else is a DRF 404: the console's own server
 * (src/server/) serves the console and calls this app for the paths it owns.
 */
export function createApp(options: AppOptions): Hono<SandboxEnv> {
  const log = options.log ?? ((line: string) => console.info(line));
  const shape = options.arrayErrors ?? 'list';
  const app = new Hono<SandboxEnv>();

  app.use(securityHeaders);
  app.use(requestLog(options.requestLines === false ? null : log, faultNote));
  app.use(hostAllowList({ publicUrl: options.publicUrl, allowedHosts: options.allowedHosts }));
  // An answer to a token (an order, a history, an error naming one) is nobody's to keep:
  // not a shared cache's, not the browser's disk.
  app.use(async (c, next) => {
    await next();
    if (isApiPath(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    // A 5xx from the sandbox is a bug (D3). The stack names code, never a header value or a token.
    log(`ERROR ${c.req.method} ${new URL(c.req.url).pathname}: ${error.stack ?? error.message}`);
    return c.json(INTERNAL_ERROR_BODY, 500);
  });
  app.notFound((c) => errorResponse(c, notFound()));

  const openApi = JSON.stringify(buildOpenApiDocument());
  app.all(
    '/openapi.json',
    byMethod({ GET: (c) => c.body(openApi, 200, { 'Content-Type': 'application/json; charset=UTF-8' }) }),
  );

  const { store } = options;
  registerReturnRoutes(app, store);

  if (store === undefined) {
    app.all('/sandbox/*', () => {
      throw notFound();
    });
  } else {
    const auth = tokenAuth(options.tokens ?? [DEFAULT_TOKEN], options.authThrottle);
    app.use(async (c, next) => {
      if (!isApiPath(c.req.path) || c.req.path.startsWith(CHECKOUT_PREFIX)) return next();
      return auth(c, next);
    });
    registerOrderRoutes(app, store, shape);
    registerControlRoutes(app, store, shape);
    registerHistoryRoutes(app, store);
    registerFaultRoutes(app, store, shape);
    registerStatsRoutes(app, store);
    registerCheckoutRoutes(app, store);
  }
  return app;
}
