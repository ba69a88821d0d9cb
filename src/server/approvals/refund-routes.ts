import type { Context } from 'hono';
import type { Hono } from 'hono';
import type { Approval } from '../../contract/approvals.ts';
import { refundPreviewRequestSchema, teamRefundRequestSchema } from '../../contract/approvals.ts';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import { formatMoney } from '../../contract/money.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import type { Permission } from '../../contract/permissions.ts';
import { roleIn } from '../../contract/permissions.ts';
import type { Database } from '../../db/store-db.ts';
import { ApiError, detailError } from '../../http/errors.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { ServiceCall } from '../forward.ts';
import { auditOutcome } from '../forward.ts';
import { jsonBody } from '../json-body.ts';
import { parseJson } from '../../contract/json-text.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { recordIntent, recordOutcome } from '../write-ahead.ts';
import { addEvent, approvalOfIdentifier, createApproval } from './approval-store.ts';
import type { RefundLimits } from './refund-decision.ts';
import { approvalReasons, countedBefore } from './refund-decision.ts';
import type { IssuedIds } from './refund-ledger.ts';
import { countRefund, issueRefundIds, ledgerRowOf, lockRefundDecision, markRequested, settleRefund } from './refund-ledger.ts';

// docs/decisions.md D17 and docs/security.md: a single refund in team mode.
//   POST /api/env/{env}/orders/{id}/refunds/preview   the refund under review: the identifiers the console
//                                                     server made for it (what will be sent) and whether it
//                                                     will wait for a second person, and why
//   POST /api/env/{env}/orders/{id}/refunds           the refund with its reason: sent at once, or 202 and a
//                                                     request another approver decides on
// The identifiers are the server's: a body without them gets new ones; a body with them must carry the
// ones the preview made for this person and this order (anything else is refused: 400). The decision
// and its counting are one transaction under the order's and the person's locks (refund-ledger.ts), so
// two refunds decided at once are counted one after the other. The intent is in the audit log before
// the refund leaves (write-ahead.ts).

export interface RefundRouteHelpers {
  db: Database;
  audit: AuditSink;
  call: ServiceCall;
  limits: RefundLimits;
  ttlMs: number;
  log: (line: string) => void;
  allowed: (c: Context<TeamEnv>, environmentId: string, permission: Permission) => Promise<TeamEnvironment>;
  orderIdOf: (c: Context<TeamEnv>) => string;
  record: (c: Context<TeamEnv>, environment: string, action: string, orderId: string | null, body: unknown, outcome: string) => Promise<void>;
}

const MAX_BODY = 16 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store' };

const notTheServers = () =>
  new ApiError(400, { payment_identifier: ['In team mode the console server makes the refund\'s identifiers: review the refund again to get them (these were not made for you and this order).'] });

type Decision = { kind: 'approval'; approval: Approval; reasons: string[]; made: boolean } | { kind: 'send'; ids: IssuedIds } | { kind: 'sent' };

export function registerRefundRoutes(app: Hono<TeamEnv>, h: RefundRouteHelpers): void {
  const { db } = h;

  app.post('/env/:envId/orders/:orderId/refunds/preview', async (c) => {
    const environment = await h.allowed(c, c.req.param('envId') ?? '', 'request:refund');
    const orderId = h.orderIdOf(c);
    const body = await jsonBody(c, MAX_BODY);
    const parsed = refundPreviewRequestSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    const email = c.get('user').email;
    const ids = await issueRefundIds(db, environment.id, orderId, email);
    const reasons = approvalReasons(environment, h.limits, parsed.data.amount, await countedBefore(db, environment, h.limits, email, orderId));
    return c.json({ ...ids, approval: { needed: reasons.length > 0, reasons } }, 200, NO_STORE);
  });

  app.post('/env/:envId/orders/:orderId/refunds', async (c) => {
    const environment = await h.allowed(c, c.req.param('envId') ?? '', 'request:refund');
    const orderId = h.orderIdOf(c);
    const body = await jsonBody(c, MAX_BODY);
    const parsed = teamRefundRequestSchema.safeParse(body);
    if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
    const input = parsed.data;
    const user = c.get('user');
    const amount = formatMoney(input.amount);
    const reason = { reason: input.reason, reason_note: input.reason_note ?? null };

    let ids: IssuedIds;
    if (input.payment_identifier === undefined && input.external_id === undefined) {
      ids = await issueRefundIds(db, environment.id, orderId, user.email);
    } else {
      const row = input.payment_identifier === undefined ? null : await ledgerRowOf(db, environment.id, input.payment_identifier);
      if (row === null || row.requester !== user.email || row.order_id !== orderId || row.external_id !== input.external_id) {
        await h.record(c, environment.id, 'refund_request', orderId, { payment_identifier: input.payment_identifier ?? null, external_id: input.external_id ?? null }, 'refused_identifiers');
        throw notTheServers();
      }
      ids = { payment_identifier: input.payment_identifier ?? '', external_id: row.external_id };
    }
    const request = { amount, destination_account_number: input.destination_account_number, ...ids };
    const entry = { user: user.email, role: roleIn(user.grants, environment.id), environment: environment.id, order_id: orderId, address: clientAddress(c), user_agent: userAgent(c) };
    await recordIntent(h.audit, { ...entry, action: 'refund_request', body: { request, ...reason } }, h.log);

    const decision = await db.transaction(async (tx): Promise<Decision> => {
      await lockRefundDecision(tx, environment.id, user.email, [orderId]);
      // Read again under the lock: a retry of this very refund, or one at the same moment, decided already.
      const now = await ledgerRowOf(tx, environment.id, ids.payment_identifier);
      if (now?.state === 'sent') return { kind: 'sent' };
      if (now?.state === 'requested') {
        const existing = await approvalOfIdentifier(tx, environment.id, ids.payment_identifier);
        if (existing !== null) return { kind: 'approval', approval: existing, reasons: [], made: false };
      }
      const reasons = approvalReasons(environment, h.limits, amount, await countedBefore(tx, environment, h.limits, user.email, orderId, ids.payment_identifier));
      if (reasons.length === 0) {
        await countRefund(tx, { environment: environment.id, orderId, paymentIdentifier: ids.payment_identifier, externalId: ids.external_id, requester: user.email, source: 'single', amount, approvedBy: null });
        return { kind: 'send', ids };
      }
      const approval = await createApproval(tx, {
        environment: environment.id,
        orderId,
        amount,
        destinationAccountNumber: input.destination_account_number,
        paymentIdentifier: ids.payment_identifier,
        externalId: ids.external_id,
        reason: input.reason,
        reasonNote: input.reason_note ?? null,
        requester: user.email,
        ttlMs: h.ttlMs,
      });
      await markRequested(tx, environment.id, ids.payment_identifier);
      await addEvent(tx, approval.id, user.email, 'requested', 'pending', { amount, ...reason, reasons });
      return { kind: 'approval', approval, reasons, made: true };
    });

    if (decision.kind === 'sent') throw detailError(409, 'already_sent', 'This refund was sent already: read the order again.');
    if (decision.kind === 'approval') {
      const { approval, reasons } = decision;
      if (decision.made) {
        await recordOutcome(h.audit, { ...entry, action: 'approval_request', body: { approval_id: approval.id, request, ...reason, reasons }, outcome: 'pending' }, h.log);
      }
      return c.json({ approval, reasons }, 202, NO_STORE);
    }

    const answer = await h.call(environment.id, 'POST', orderServicePaths.orderRefund(orderId), request);
    let { status, text } = answer;
    if (status === 401 || status === 403) {
      text = JSON.stringify({ detail: `The Order Service of ${environment.name} refused the console's token (HTTP ${status}). Tell an administrator.`, code: 'service_refused_token' });
      status = 424;
    }
    const outcome = auditOutcome(status, parseJson(text));
    // Refused, or asked to come back later: nothing moved, it counts no more. No answer: it counts until the window ends.
    const settled = status >= 200 && status < 300 ? 'sent' : outcome === '424 service_unreachable' || (status >= 500 && status !== 503) ? 'unknown' : 'failed';
    await settleRefund(db, environment.id, ids.payment_identifier, settled);
    await recordOutcome(h.audit, { ...entry, action: 'refund_request', body: { request, ...reason, approval: 'not_needed' }, outcome }, h.log);
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...NO_STORE } });
  });
}
