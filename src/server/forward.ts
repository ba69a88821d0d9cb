import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { PSP_PREFIX, SANDBOX_NAMESPACE_HEADER, sandboxPaths } from '../contract/paths.ts';
import type { Permission } from '../contract/permissions.ts';
import { roleIn } from '../contract/permissions.ts';
import type { FetchApp } from '../http/listen.ts';
import { ApiError, detailError, errorResponse } from '../http/errors.ts';
import { readBodyBytes } from '../http/body.ts';
import { parseJson } from '../contract/json-text.ts';
import { indexAnswerLater } from './order-index/index-answer.ts';
import { requirePermission } from './permissions-check.ts';
import { proxyTo } from './proxy.ts';
import type { CallObserver } from './ops/call-metrics.ts';
import type { TokenScrubber } from './token-scrub.ts';
import { tokenScrubber } from './token-scrub.ts';
import { assertStorable } from './storable-text.ts';
import { recordIntent, recordOutcome } from './write-ahead.ts';
import type { TeamEnvironment } from './team-config.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, userAgent } from './team-session.ts';
import { UUID_SOURCE } from '../contract/uuid.ts';

// docs/decisions.md D16, the backend for the frontend: in team mode the browser calls
// /env/{envId}/psp/v2/... (and /env/sandbox/sandbox/... for the embedded sandbox's history, faults
// and list) with its session; the server has checked the session and the role (requirePermission),
// adds `Authorization: Token …` from the environment's variable, forwards (the embedded sandbox
// in-process, others over HTTP through the proxy's code), and records creates and refunds with
// their outcome. Nothing the browser gets back holds the token.
//
// A service that cannot be reached is not answered with a 5xx of ours: 424 with
// {"detail", "code": "service_unreachable"}. The console takes that code as "the outcome is unknown"
// (a refund is then checked by reading the order again, never sent twice). The service's own
// statuses, 5xx included, are passed on as they are: they are the service's, not this server's.
// A 401 or 403 from the service means the console's token for it is wrong, not that the person is
// signed out: 424 with code service_refused_token, so the console does not ask them to sign in.

export const ENV_PREFIX = '/env';

interface Operation {
  permission: Permission;
  /** Writes are recorded in the audit log with their outcome. */
  audit: 'order_create' | 'refund_request' | 'sandbox_change' | null;
  orderId: string | null;
  /** What a refusal names, where the permission's own words would not (a sandbox control needs create:order). */
  doing?: string;
}

const ORDER_CREATE = new RegExp(`^${PSP_PREFIX}/order/$`);
const ORDER_READ = new RegExp(`^${PSP_PREFIX}/order/(${UUID_SOURCE})/$`);
const ORDER_REFUND = new RegExp(`^${PSP_PREFIX}/order/(${UUID_SOURCE})/refund/$`);
const SANDBOX_READS = [/^\/sandbox\/orders$/, new RegExp(`^/sandbox/orders/(${UUID_SOURCE})/(events|request)$`), /^\/sandbox\/stats$/, /^\/sandbox\/faults$/];
const ORDER_STATUS = new RegExp(`^/sandbox/orders/(${UUID_SOURCE})/status$`);
const ONE_FAULT = /^\/sandbox\/faults\/[A-Za-z0-9_-]{1,64}$/;

/**
 * What a forwarded call does, or null for anything else (a 404 of this server, audited): the
 * documented operations (create, refund, read of one order) and, on the embedded sandbox, its own
 * routes with the methods it answers. Resetting the whole shared sandbox is an admin's; resetting a
 * namespace (X-Sandbox-Namespace) is any agent's, since it touches only that namespace's orders.
 */
export function operationOf(method: string, path: string, sandbox: boolean, namespaced = false): Operation | null {
  const read = method === 'GET' || method === 'HEAD';
  const write = (doing: string, orderId: string | null = null, permission: Permission = 'create:order'): Operation => ({ permission, audit: 'sandbox_change', orderId, doing });
  if (method === 'POST' && ORDER_CREATE.test(path)) return { permission: 'create:order', audit: 'order_create', orderId: null };
  const refund = ORDER_REFUND.exec(path);
  if (method === 'POST' && refund !== null) return { permission: 'request:refund', audit: 'refund_request', orderId: refund[1]?.toLowerCase() ?? null };
  const one = ORDER_READ.exec(path);
  if (read && one !== null) return { permission: 'read:order', audit: null, orderId: one[1]?.toLowerCase() ?? null };
  if (!sandbox) return null;
  if (read && SANDBOX_READS.some((pattern) => pattern.test(path))) return { permission: 'read:order', audit: null, orderId: null };
  const status = ORDER_STATUS.exec(path);
  if (method === 'POST' && status !== null) return write("move an order's status", status[1]?.toLowerCase() ?? null);
  if (method === 'POST' && path === sandboxPaths.faults()) return write('arm faults');
  if ((method === 'DELETE' && path === sandboxPaths.faults()) || (method === 'DELETE' && ONE_FAULT.test(path))) return write('disarm faults');
  if (method === 'POST' && path === sandboxPaths.reset()) return namespaced ? write("reset a namespace's orders") : write('reset the whole shared sandbox', null, 'reset:sandbox');
  return null;
}

const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept'] as const;
const RETURNED_RESPONSE_HEADERS = ['content-type', 'allow', 'retry-after'] as const;

const unreachable = (environment: TeamEnvironment) =>
  detailError(424, 'service_unreachable', `The Order Service of ${environment.name} could not be reached. Whether it acted is unknown: read the order again before trying once more.`);

const idOf = z.object({ id: z.string() });

/** The body as the audit keeps it; refused (400) before anything is sent when the log could not keep its text. */
function bodyForAudit(bytes: Uint8Array | undefined): unknown {
  if (bytes === undefined || bytes.length === 0) return null;
  const text = new TextDecoder().decode(bytes);
  const value = parseJson(text) ?? { unparsed: text.slice(0, 2000) };
  assertStorable(value);
  return value;
}

type Forwarder = (request: Request, env: object | undefined) => Promise<Response>;

/** The environment's forwarder: its path and query after /env/{id}, with the token added; each call told to `observe`. */
function forwarderFor(environment: TeamEnvironment, sandbox: FetchApp | undefined, observe?: CallObserver): Forwarder {
  const forward = directForwarderFor(environment, sandbox);
  if (observe === undefined) return forward;
  return async (request, env) => {
    const started = performance.now();
    const response = await forward(request, env);
    observe(environment.id, request.method, new URL(request.url).pathname, response.status, (performance.now() - started) / 1000);
    return response;
  };
}

function directForwarderFor(environment: TeamEnvironment, sandbox: FetchApp | undefined): Forwarder {
  if (environment.target.kind === 'sandbox') {
    if (sandbox === undefined) throw new Error('the sandbox environment needs the sandbox app');
    return async (request, env) => sandbox.fetch(request, env);
  }
  const viaProxy = new Hono();
  viaProxy.all('*', proxyTo(new URL(environment.target.baseUrl)));
  viaProxy.onError((error, c) => {
    if (error instanceof ApiError && error.status === 502) return errorResponse(c, unreachable(environment));
    if (error instanceof ApiError) return errorResponse(c, error);
    return errorResponse(c, unreachable(environment));
  });
  return async (request) => viaProxy.fetch(request);
}

/** The token an environment's calls carry, and the scrubber that keeps it out of every answer. */
function credentialsOf(environment: TeamEnvironment, sandbox: { token: string } | undefined): { token: string; scrubber: TokenScrubber } {
  const token = environment.target.kind === 'sandbox' ? (sandbox?.token ?? '') : environment.target.token;
  return { token, scrubber: tokenScrubber([token]) };
}

/** The service's headers the browser needs; one that holds the token in any form is left out (a service may echo it there too). */
function answerHeaders(upstream: Headers, scrubber: TokenScrubber): Headers {
  const out = new Headers();
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null && !scrubber.holds(value)) out.set(name, value);
  }
  return out;
}

export function registerForwarding(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined): void {
  const forwarders = new Map<string, (request: Request, env: object | undefined) => Promise<Response>>();
  const credentials = new Map<string, { token: string; scrubber: TokenScrubber }>();
  for (const environment of ctx.config.environments) {
    forwarders.set(environment.id, forwarderFor(environment, sandbox?.app, ctx.observeCall));
    credentials.set(environment.id, credentialsOf(environment, sandbox));
  }

  const environmentOf = (c: Context<TeamEnv>) => ctx.config.environments.find((e) => e.id === c.req.param('envId'));
  const pathOf = (c: Context<TeamEnv>) => c.req.path.slice(`${ENV_PREFIX}/${c.req.param('envId') ?? ''}`.length);
  const namespaceOf = (c: Context<TeamEnv>) => c.req.header(SANDBOX_NAMESPACE_HEADER);
  const operation = (c: Context<TeamEnv>) => {
    const environment = environmentOf(c);
    return environment === undefined ? null : operationOf(c.req.method, pathOf(c), environment.target.kind === 'sandbox', namespaceOf(c) !== undefined);
  };

  // Anything but the documented operations is this server's 404, and in the audit: the service never sees it.
  const onlyKnownOperations = createMiddleware<TeamEnv>(async (c, next) => {
    if (environmentOf(c) === undefined || operation(c) !== null) return next();
    const user = c.get('user');
    const environment = environmentOf(c)?.id ?? null;
    await ctx.audit.record({
      user: user.email,
      role: environment === null ? null : roleIn(user.grants, environment),
      environment,
      action: 'forward_refused',
      order_id: null,
      body: { method: c.req.method, path: pathOf(c) },
      outcome: 'not_found',
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
    throw detailError(404, 'not_found', 'Not found: the console forwards only the documented operations of the Order Service (create, refund, read one order) and the sandbox\'s own routes.');
  });

  const guard = requirePermission(ctx, (c) => operation(c)?.permission ?? 'read:order', (c) => environmentOf(c)?.id ?? null, (c) => operation(c)?.doing);
  app.all(`${ENV_PREFIX}/:envId/*`, onlyKnownOperations, guard, async (c) => {
    const environment = environmentOf(c);
    const forward = environment === undefined ? undefined : forwarders.get(environment.id);
    const credential = environment === undefined ? undefined : credentials.get(environment.id);
    const op = operation(c);
    if (environment === undefined || forward === undefined || credential === undefined || op === null) throw detailError(404, 'not_found', 'No such environment.');
    const { token, scrubber } = credential;
    const incoming = new URL(c.req.url);
    const headers = new Headers({ Authorization: `Token ${token}` });
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    // The sandbox keeps a namespace's orders apart (QA's own runs); a real service has no such header.
    const namespace = environment.target.kind === 'sandbox' ? namespaceOf(c) : undefined;
    if (namespace !== undefined) headers.set(SANDBOX_NAMESPACE_HEADER, namespace);
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBodyBytes(c.req.raw);
    // D17: every team-mode refund carries a reason, which this route has no room for; over the threshold it
    // also needs a second person. Both are the approvals route's work, so a refund never goes straight through.
    if (op.audit === 'refund_request') {
      throw detailError(
        403,
        'reason_required',
        `In team mode a refund is asked for with its reason: POST /api/env/${environment.id}/orders/{id}/refunds (the refund dialog on the order page does this).`,
      );
    }
    // Write-ahead (write-ahead.ts): a write is in the audit log, who and what, before it leaves.
    const user = c.get('user');
    const entry = {
      user: user.email,
      role: roleIn(user.grants, environment.id),
      environment: environment.id,
      order_id: op.orderId,
      body: { method, path: pathOf(c), request: bodyForAudit(body), ...(namespace !== undefined && { namespace }) },
      address: clientAddress(c),
      user_agent: userAgent(c),
    };
    if (op.audit !== null) await recordIntent(ctx.audit, { ...entry, action: op.audit }, ctx.log);
    const target = `${environment.target.kind === 'http' ? environment.target.baseUrl : incoming.origin}${pathOf(c)}${incoming.search}`;
    const env: unknown = c.env;
    const upstream = await forward(new Request(target, { method, headers, ...(body !== undefined && { body }) }), typeof env === 'object' && env !== null ? env : undefined);

    let status = upstream.status;
    let text = method === 'HEAD' || status === 204 ? '' : scrubber.scrub(await upstream.text());
    const out = answerHeaders(upstream.headers, scrubber);
    if (status === 401 || status === 403) {
      status = 424;
      text = JSON.stringify({ detail: `The Order Service of ${environment.name} refused the console's token (HTTP ${upstream.status}). Tell an administrator.`, code: 'service_refused_token' });
      out.set('content-type', 'application/json');
    }
    out.set('Cache-Control', 'no-store');

    if (op.audit !== null) {
      let orderId = op.orderId;
      if (op.audit === 'order_create' && status >= 200 && status < 300) {
        const created = idOf.safeParse(parseJson(text));
        orderId = created.success ? created.data.id : null;
      }
      await recordOutcome(ctx.audit, { ...entry, action: op.audit, order_id: orderId, outcome: auditOutcome(status, parseJson(text)) }, ctx.log);
    }
    // A namespace's orders are QA's scratch work, not the team's: the order index keeps the shared ones.
    if (namespace === undefined) indexAnswerLater(ctx.db, ctx.log, { environment: environment.id, method, path: pathOf(c), status, requestBody: body, responseText: text });
    return new Response(text === '' && (status === 204 || method === 'HEAD') ? null : text, { status, headers: out });
  });
}

/** The outcome for the audit: the status, and the error code when the (parsed) body names one: `424 service_unreachable`. */
export function auditOutcome(status: number, body: unknown): string {
  const parsed = z.object({ code: z.string() }).safeParse(body);
  return parsed.success ? `${status} ${parsed.data.code}` : String(status);
}

/** docs/decisions.md D17: a call the server makes itself (approvals send refunds and read orders), the token added as for the browser's. */
export type ServiceCall = (environmentId: string, method: 'GET' | 'POST', path: string, json?: unknown) => Promise<{ status: number; text: string; retryAfter?: string | null }>;

/** Answers as the forwarding does: a service that cannot be reached is a 424 service_unreachable. */
export function serviceCaller(ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined): ServiceCall {
  const forwarders = new Map<string, (request: Request, env: object | undefined) => Promise<Response>>();
  const credentials = new Map<string, { token: string; scrubber: TokenScrubber }>();
  for (const environment of ctx.config.environments) {
    forwarders.set(environment.id, forwarderFor(environment, sandbox?.app, ctx.observeCall));
    credentials.set(environment.id, credentialsOf(environment, sandbox));
  }
  return async (environmentId, method, path, json) => {
    const environment = ctx.config.environments.find((e) => e.id === environmentId);
    const forward = forwarders.get(environmentId);
    const credential = credentials.get(environmentId);
    if (environment === undefined || forward === undefined || credential === undefined) throw new Error(`no environment ${environmentId}`);
    const { token, scrubber } = credential;
    const headers = new Headers({ Authorization: `Token ${token}`, Accept: 'application/json' });
    if (json !== undefined) headers.set('content-type', 'application/json');
    const base = environment.target.kind === 'http' ? environment.target.baseUrl : 'http://127.0.0.1';
    try {
      const body = json === undefined ? undefined : JSON.stringify(json);
      const response = await forward(new Request(`${base}${path}`, { method, headers, ...(body !== undefined && { body }) }), undefined);
      // Retry-After too: a bulk run (src/server/bulk-runs/) waits as long as a 429 asks.
      const retryAfter = response.headers.get('retry-after');
      const answer = { status: response.status, text: scrubber.scrub(await response.text()), retryAfter: retryAfter !== null && scrubber.holds(retryAfter) ? null : retryAfter };
      // The refunds the approvals route sends (D17) are the console's writes as much as forwarded ones: the order index learns from them too.
      indexAnswerLater(ctx.db, ctx.log, { environment: environmentId, method, path, status: answer.status, requestBody: body === undefined ? undefined : new TextEncoder().encode(body), responseText: answer.text });
      return answer;
    } catch {
      return { status: 424, text: JSON.stringify({ detail: unreachable(environment).message, code: 'service_unreachable' }) };
    }
  };
}
