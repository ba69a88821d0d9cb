import { Hono } from 'hono';
import { CONSOLE_CONFIG_PATH, sandboxPaths } from '../contract/paths.ts';
import { ApiError, errorResponse, INTERNAL_ERROR_BODY, notFound } from '../http/errors.ts';
import type { HostOptions } from '../http/host-check.ts';
import { hostAllowList } from '../http/host-check.ts';
import type { FetchApp } from '../http/listen.ts';
import { requestLog } from '../http/request-log.ts';
import { byMethod } from '../http/routing.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { isDatabaseUnavailable } from '../db/store-db.ts';
import type { StoreWatch } from '../sandbox/entry.ts';
import { isApiPath } from '../sandbox/entry.ts';
import { configMeta, consoleConfig, consoleConfigHandler } from './console-config.ts';
import { parseServiceUrl, proxyTo } from './proxy.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import { setupRedirect } from './accounts/account-gate.ts';
import type { ServerEnv } from './server-env.ts';
import { SIGN_IN_PATH } from './sign-in-page.ts';
import type { TeamRendererSource } from './ssr/team-renderer.ts';
import { teamPages } from './ssr/team-page.ts';
import { staticConsole } from './static-files.ts';
import { createTeamApp, wantsPage } from './team-routes.ts';
import type { TeamContext } from './team-session.ts';
import { currentUser, peerAddress, signedInEmailOf } from './team-session.ts';
import type { Drain } from './ops/drain.ts';
import { createDrain } from './ops/drain.ts';
import type { Logger } from './ops/logger.ts';
import { createLogger } from './ops/logger.ts';
import type { ConsoleMetrics } from './ops/metrics.ts';
import { createConsoleMetrics } from './ops/metrics.ts';
import { OPS_PATHS, registerOpsRoutes } from './ops/ops-routes.ts';
import type { Dependency } from './ops/readiness.ts';
import { createReadiness, databaseDependency } from './ops/readiness.ts';
import { requestEvents, requestIdOf } from './ops/request-events.ts';

export interface ServerAppOptions {
  /** The sandbox's app (src/sandbox/entry.ts): /psp/, /sandbox/ and /openapi.json go to it. */
  sandbox: FetchApp;
  /** The built console (dist/); without index.html there, `/` says to run the build. */
  staticDir?: string;
  /** Proxy mode (D8): /psp/ goes there instead of to the sandbox, whose routes are then off. */
  orderServiceUrl?: string;
  /** One line per request and one per unexpected error; default console.info. */
  log?: (line: string) => void;
  /** Team mode (D16): sign-in, sessions, roles, forwarding with the token added here. */
  team?: { ctx: TeamContext; sandboxToken: string; oidc?: OidcConfig; renderer?: TeamRendererSource; sandboxStore?: StoreWatch };
  /** PUBLIC_URL and ALLOWED_HOSTS: only these host names (and loopback ones) are answered. */
  hosts?: HostOptions;
  /** Personal mode: the public development token, when the sandbox takes it (the console's built-in environment uses it). */
  developmentToken?: string;
  /** The log, the metrics, readiness and the drain at SIGTERM (src/server/ops/); absent, made here (lines to `log`). */
  ops?: AppOps;
}

export interface AppOps {
  logger: Logger;
  metrics: ConsoleMetrics;
  drain: Drain;
  /** What /readyz asks; absent: the console's database in team mode. */
  dependencies?: readonly Dependency[];
  /** CONSOLE_METRICS_TOKEN: /metrics on this listener with it as a bearer token. */
  metricsToken: string | null;
}

// The database is restarting or cannot be reached: the request did nothing that needs undoing (a
// write-ahead audit row comes first), and asked again shortly it will do what it should.
const DATABASE_UNAVAILABLE = { detail: 'The console\'s database cannot be reached just now. Nothing was done; try again in a few seconds.', code: 'database_unavailable' } as const;
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const OPENAPI_PATH = '/openapi.json';

// Team mode (D16): the embedded sandbox answers only through /env/sandbox/... with a session, where
// the server checks the role, adds the token and audits. What stays public is what a customer, who
// has no session and no token, needs: the checkout page an order's redirect_url names, its buttons,
// and the return page they lead to.
const CUSTOMER_PAGES = [new RegExp(`^${sandboxPaths.checkout('')}[^/]+(?:/[^/]+)?$`), new RegExp(`^${sandboxPaths.returnPage()}$`)];
export const isCustomerPage = (path: string) => CUSTOMER_PAGES.some((pattern) => pattern.test(path));

// The node server's bindings (incoming, outgoing), handed on so the sandbox's fault effects reach the socket.
const nodeBindings = (env: unknown): object | undefined => (typeof env === 'object' && env !== null ? env : undefined);

/**
 * The console's own server (D8): the built console, /console-config.json, and either the embedded
 * sandbox or a proxy to a real Order Service on the same origin. The sandbox's app answers its own
 * paths with its own headers and request log; everything else is answered here.
 */
export function createServerApp(options: ServerAppOptions): Hono<ServerEnv> {
  const ops = options.ops ?? { logger: createLogger({ format: 'pretty', write: options.log ?? ((line: string) => console.info(line)) }), metrics: createConsoleMetrics(), drain: createDrain(), metricsToken: null };
  const { logger, metrics, drain } = ops;
  const app = new Hono<ServerEnv>();
  const { sandbox, team } = options;
  const readiness = createReadiness(ops.dependencies ?? (team === undefined ? [] : [databaseDependency('database', team.ctx.db, true)]), { stopping: () => drain.stopping, metrics });
  metrics.onScrape(async () => {
    await readiness.report();
  });
  app.use(
    requestEvents({
      logger,
      metrics,
      drain,
      trustedProxies: team?.ctx.config.trustedProxies ?? null,
      peerAddress,
      ...(team !== undefined && { userOf: signedInEmailOf }),
    }),
  );
  registerOpsRoutes(app, { readiness, metrics, metricsToken: ops.metricsToken, servesMetrics: ops.metricsToken !== null });

  const serviceUrl = options.orderServiceUrl === undefined ? undefined : parseServiceUrl(options.orderServiceUrl);
  // The proxy's answers carry the security headers and a log line like every answer of this server.
  const own = new Hono<ServerEnv>();
  own.use(securityHeaders);
  // The line is written around every app (requestEvents); this keeps the route that answered.
  own.use(requestLog(null));
  // The sandbox's app checks the Host of the paths it owns; the console, its config and the proxy too.
  own.use(hostAllowList(options.hosts ?? {}));
  // A proxied answer to a token is nobody's to keep, as the sandbox's own answers say.
  own.use(async (c, next) => {
    await next();
    if (isApiPath(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });
  own.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    const fields = { err: error, req_id: requestIdOf(c.req.raw), method: c.req.method, path: new URL(c.req.url).pathname };
    if (isDatabaseUnavailable(error)) {
      logger.warn(fields, `database unavailable: ${c.req.method} ${fields.path} answered 503`);
      return c.json(DATABASE_UNAVAILABLE, 503, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' });
    }
    logger.error(fields, `ERROR ${c.req.method} ${fields.path}: ${error.message}`);
    return c.json(INTERNAL_ERROR_BODY, 500);
  });
  own.notFound((c) => errorResponse(c, notFound()));
  const config = team === undefined ? consoleConfig(serviceUrl, options.developmentToken) : { mode: 'team' as const, auth: team.ctx.config.auth };
  own.all(CONSOLE_CONFIG_PATH, byMethod({ GET: consoleConfigHandler(config) }));
  if (serviceUrl !== undefined && team === undefined) own.all('/psp/*', proxyTo(serviceUrl));
  if (team !== undefined) {
    own.route('/', createTeamApp(team.ctx, serviceUrl === undefined ? { app: sandbox, token: team.sandboxToken, ...(team.sandboxStore !== undefined && { store: team.sandboxStore }) } : undefined, team.oidc));
    // The console's pages need a session; its scripts, styles and files do not (they hold nothing).
    own.use(async (c, next) => {
      if (!wantsPage(c)) return next();
      if ((await currentUser(c, team.ctx)) === null) return c.redirect(`${SIGN_IN_PATH}?return_to=${encodeURIComponent(c.req.path + new URL(c.req.url).search)}`, 303);
      // An account with its setup due (docs/accounts.md) sees /account first, whatever page it asked for.
      const setup = await setupRedirect(c, team.ctx);
      return setup === null ? next() : c.redirect(setup, 303);
    });
  }
  // The page says which server it came from: boot.js reads it there, without a request.
  const pageHead = configMeta(config);
  const serveConsole = staticConsole(options.staticDir, pageHead);
  // In team mode /orders and /orders/{id} come rendered with their data (ssr/team-page.ts).
  const renderPage =
    team?.renderer === undefined || options.staticDir === undefined
      ? undefined
      : teamPages({ ctx: team.ctx, renderer: team.renderer, staticDir: options.staticDir, pageHead, callOwn: (request) => Promise.resolve(own.fetch(request)) });
  own.get('*', async (c) => {
    if (isApiPath(c.req.path)) throw notFound();
    return (wantsPage(c) ? await renderPage?.(c) : null) ?? serveConsole(c);
  });

  app.all('*', (c) => {
    const path = c.req.path;
    // /healthz, /readyz and /metrics with another method than GET: this server's 405 is not needed.
    if (OPS_PATHS.has(path)) return errorResponse(c, notFound());
    const proxied = serviceUrl !== undefined && path.startsWith('/psp/');
    // In team mode /psp/ and the sandbox's control routes fall through to this server's 404.
    const direct = team === undefined ? !proxied && isApiPath(path) : isCustomerPage(path);
    if (direct || path === OPENAPI_PATH) return sandbox.fetch(c.req.raw, nodeBindings(c.env));
    return own.fetch(c.req.raw, c.env);
  });
  return app;
}
