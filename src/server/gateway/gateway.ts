import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { parseJson } from '../../contract/json-text.ts';
import { permissionsIn, PERMISSION_VERBS, roleIn } from '../../contract/permissions.ts';
import { serviceActor } from '../../contract/service-accounts.ts';
import { readBodyBytes } from '../../http/body.ts';
import type { FetchApp } from '../../http/listen.ts';
import type { AuditEntry } from '../audit-sink.ts';
import { auditOutcome, ENV_PREFIX, operationOf } from '../forward.ts';
import { indexAnswerLater } from '../order-index/index-answer.ts';
import { SESSION_COOKIE } from '../sessions.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import type { Upstream } from '../upstream.ts';
import { upstream } from '../upstream.ts';
import { answerHeaders, forwardedHeaders } from './gateway-headers.ts';
import type { ServiceAccount } from './service-accounts.ts';
import { keyLookup } from './key-lookup.ts';
import { markUsed } from './service-accounts.ts';
import { decideServiceRefund, settleServiceRefund } from './gateway-refunds.ts';
import { DEFAULT_APPROVAL_WINDOW_MS } from '../approvals/approval-mount.ts';
import { INTENT, recordIntent } from '../write-ahead.ts';

// The console as the gateway for the PSP's own systems (README, docs/order-index.md): the PSP's backend
// keeps calling the Order Service as it does today, with only its base URL changed to
// https://<console>/env/{id} and its Authorization header holding a service account's key instead of
// the partner token. Here the key and the account's role are checked, the call is forwarded with the
// partner token, the service's answer goes back as it was (status, body, headers but the hop-by-hop
// ones; never the token), the order index learns of it, and the audit log has it under the account.
//
// Which requests are service calls: `Authorization: Token …` on /env/… and no session cookie of the
// console. A request carrying the session cookie is a person's, whatever else it carries: the session,
// the same-origin check and the person's role decide, and its Authorization header is never read. So a
// key never turns a browser's request into one that skips the cross-site check, and a session never
// lends a machine its person's role. A key is not a session: nothing here sets or reads a cookie, and
// there is no same-origin check (a browser page cannot send this header to another site without CORS,
// which the console never grants).
//
// What a machine may do is what the Order Service offers: create, refund, read one order. A refund by a
// service account follows the environment's service_refunds: `direct` sends it; `approval` (the
// default) refuses one that would wait for approval (gateway-refunds.ts: what the order's refunds add
// up to within the window, whoever made them, and the account's daily limit) with 403
// approval_required, since a machine cannot wait for a second person (the PSP's people ask for it on
// the order page instead).

const TOKEN_HEADER = /^\s*Token\s+(\S+)\s*$/i;

/** DRF's shapes, which a client of the Order Service already reads (D3). */
const drf = (status: number, detail: string, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ detail, code }), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers } });

const createdIdSchema = z.object({ id: z.string() });

export function isServiceCall(c: Context): boolean {
  const authorization = c.req.header('authorization');
  if (authorization === undefined || !TOKEN_HEADER.test(authorization)) return false;
  const cookies = getCookie(c);
  return !Object.keys(cookies).some((name) => name === SESSION_COOKIE || name === `__Host-${SESSION_COOKIE}`);
}

export function registerGateway(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined, calls: Upstream = upstream(sandbox)): void {
  const limits = { windowMs: ctx.config.approvalWindowMs ?? DEFAULT_APPROVAL_WINDOW_MS };
  const lookUp = keyLookup(ctx.db);
  // The Users page's "last used": written at most once a minute per account from this process.
  const marked = new Map<string, number>();
  const markUsedSoon = (name: string) => {
    if (Date.now() - (marked.get(name) ?? 0) < 60_000) return;
    marked.set(name, Date.now());
    void markUsed(ctx.db, name).catch(() => undefined);
  };

  app.use(
    `${ENV_PREFIX}/:envId/*`,
    createMiddleware<TeamEnv>(async (c, next) => {
      if (!isServiceCall(c)) return next();
      const key = TOKEN_HEADER.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
      const environment = ctx.config.environments.find((e) => e.id === c.req.param('envId'));
      const path = c.req.path.slice(`${ENV_PREFIX}/${c.req.param('envId') ?? ''}`.length);
      const method = c.req.method;
      const account = await lookUp(key);
      const entry = (who: ServiceAccount, action: string, orderId: string | null, body: unknown, outcome: string): AuditEntry => ({
        user: serviceActor(who.name),
        role: environment === undefined ? null : roleIn(who.grants, environment.id),
        environment: environment?.id ?? null,
        action,
        order_id: orderId,
        body,
        outcome,
        address: clientAddress(c),
        user_agent: userAgent(c),
      });
      if (account === null || account.status !== 'active') {
        if (account !== null) await ctx.audit.record(entry(account, 'service_key_refused', null, { method, path }, 'revoked'));
        else ctx.log(`gateway: a key no service account has was refused (${method} ${c.req.path}, from ${clientAddress(c) ?? 'unknown'})`);
        return drf(401, 'Invalid token.', 'authentication_failed', { 'WWW-Authenticate': 'Token' });
      }
      markUsedSoon(account.name);
      const op = environment === undefined ? null : operationOf(method, path, false);
      if (environment === undefined || op === null) {
        await ctx.audit.record(entry(account, 'forward_refused', null, { method, path }, 'not_found'));
        return drf(404, 'Not found.', 'not_found');
      }
      if (!permissionsIn(account.grants, environment.id).includes(op.permission)) {
        const role = roleIn(account.grants, environment.id);
        await ctx.audit.record(entry(account, 'forbidden', op.orderId, { method, path, permission: op.permission }, 'refused'));
        const who = role === null ? `The service account ${account.name} has no role in ${environment.name}` : `The service account ${account.name} (role ${role}) cannot`;
        return drf(403, role === null ? `${who}.` : `${who} ${PERMISSION_VERBS[op.permission]} in ${environment.name}.`, 'permission_denied');
      }
      const body = method === 'GET' || method === 'HEAD' ? undefined : await readBodyBytes(c.req.raw);
      const request = { method, path, request: body === undefined ? null : (parseJson(new TextDecoder().decode(body)) ?? { unparsed: new TextDecoder().decode(body).slice(0, 2000) }) };
      const action = op.audit === 'order_create' || op.audit === 'refund_request' ? op.audit : 'order_read';
      const requester = serviceActor(account.name);
      let counted: string | null = null;
      if (op.audit === 'refund_request' && op.orderId !== null) {
        const decision = await decideServiceRefund(ctx.db, environment, limits, requester, op.orderId, body);
        if (decision.kind === 'taken') {
          await ctx.audit.record(entry(account, action, op.orderId, request, 'refused_identifiers'));
          return Response.json({ payment_identifier: ['This payment identifier belongs to another refund made through the console: use one of your own.'] }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
        }
        if (decision.kind === 'wait') {
          await ctx.audit.record(entry(account, action, op.orderId, { ...request, reasons: decision.reasons }, '403 approval_required'));
          return drf(403, `${decision.reasons.join(' ')} It needs a second person: ask for it on the order's page in the console.`, 'approval_required');
        }
        counted = decision.counted;
      }
      // Write ahead (docs/security.md): the intent of a create or a refund is in the audit log before it leaves.
      if (action !== 'order_read') await recordIntent(ctx.audit, entry(account, action, op.orderId, request, INTENT), ctx.log);

      const search = new URL(c.req.url).search;
      const answer = await calls.call(environment, { method, path: `${path}${search}`, headers: forwardedHeaders(c.req.raw.headers), ...(body !== undefined && { body }), origin: new URL(c.req.url).origin });
      if (counted !== null) await settleServiceRefund(ctx.db, environment.id, counted, answer?.status ?? null);
      if (answer === null) {
        await ctx.audit.record(entry(account, action, op.orderId, request, '424 service_unreachable'));
        return drf(424, `The Order Service of ${environment.name} could not be reached. Whether it acted is unknown: read the order again before trying once more.`, 'service_unreachable');
      }
      const scrubber = calls.scrubber(environment);
      const raw = new TextDecoder().decode(answer.body);
      const scrubbed = scrubber.scrub(raw);
      // The service's bytes as they were, unless a token had to come out of them.
      const out: Uint8Array = scrubbed === raw ? answer.body : new TextEncoder().encode(scrubbed);
      const answered = parseJson(scrubbed);
      let orderId = op.orderId;
      if (op.audit === 'order_create' && answer.status >= 200 && answer.status < 300) {
        const created = createdIdSchema.safeParse(answered);
        orderId = created.success ? created.data.id : null;
      }
      await ctx.audit.record(entry(account, action, orderId, request, auditOutcome(answer.status, answered)));
      indexAnswerLater(ctx.db, ctx.log, { environment: environment.id, method, path, status: answer.status, requestBody: body, responseText: scrubbed, channel: 'gateway' });
      const noBody = answer.status === 204 || answer.status === 304 || method === 'HEAD';
      return new Response(noBody ? null : out, { status: answer.status, headers: answerHeaders(answer.headers, scrubber) });
    }),
  );
}
