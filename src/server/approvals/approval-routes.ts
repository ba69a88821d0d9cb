import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Approval } from '../../contract/approvals.ts';
import { decisionNoteSchema, teamRefundRequestSchema } from '../../contract/approvals.ts';
import { jsonBody } from '../json-body.ts';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import { compareMoney, formatMoney } from '../../contract/money.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import type { Permission } from '../../contract/permissions.ts';
import { permissionsIn, roleIn } from '../../contract/permissions.ts';
import { ApiError, detailError, notFound } from '../../http/errors.ts';
import type { Database } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { ServiceCall } from '../forward.ts';
import { auditOutcome } from '../forward.ts';
import { parseJson } from '../../contract/json-text.ts';
import { assertPermission } from '../permissions-check.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { addEvent, approvalQueue, approvalsOfOrder, claimForSending, countWaiting, createApproval, eventsOf, findApproval, rejectPending, withdrawPending } from './approval-store.ts';
import type { SendDeps } from './approval-send.ts';
import { sendClaimed } from './approval-send.ts';
import { freshOrders, maintainApprovals } from './approval-upkeep.ts';
import { countWaitingBatches } from '../bulk-runs/bulk-run-store.ts';
import { isUuid } from '../../contract/uuid.ts';

// docs/decisions.md D17: the approvals' routes under /api (the team routes mount them behind the session):
//   POST /api/env/{env}/orders/{id}/refunds     a refund with its reason: sent at once when at or
//                                              under the environment's threshold, else 202 and a request
//   GET  /api/env/{env}/orders/{id}/approvals   the order's requests (whoever may read the order)
//   GET  /api/approvals                         the queue (approvers), each with the order read fresh
//   GET  /api/approvals/count                   pending requests someone else asked for (the header)
//   GET  /api/approvals/{id}                    one request and its whole trail
//   POST /api/approvals/{id}/approve|reject     approvers other than the requester, with a note
//   POST /api/approvals/{id}/withdraw           the requester
// Every step goes to the audit sink; the trail is kept in console_approval_events as well.

export interface ApprovalRoutesOptions {
  db: Database;
  audit: AuditSink;
  call: ServiceCall;
  environments: readonly TeamEnvironment[];
  /** CONSOLE_APPROVAL_TTL: how long a request waits for a decision. */
  ttlMs: number;
  /** How long a claimed request belongs to the process sending it before another may resolve it. */
  leaseMs: number;
  log: (line: string) => void;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const code = (length: number) => [...randomBytes(length)].map((byte) => ALPHABET.charAt(byte % ALPHABET.length)).join('');
const newPaymentIdentifier = () => `RF-${code(20)}`;
const newExternalId = () => `REFUND-${new Date().toISOString().slice(0, 10).replace(/-/g, '')}-${code(8)}`;


/** Whether a refund of `amount` needs a second person in `environment` (D17: "0.00" every refund, absent none). */
export const needsApproval = (environment: TeamEnvironment, amount: string) => environment.approvalThreshold !== null && compareMoney(amount, environment.approvalThreshold) > 0;

// A refund and a note are small: 16 KiB is plenty, and a larger body is refused (413) unread.
const MAX_BODY = 16 * 1024;

export function createApprovalRoutes(options: ApprovalRoutesOptions): Hono<TeamEnv> {
  const { db, audit } = options;
  const deps: SendDeps = { db, audit, call: options.call, environments: options.environments, leaseMs: options.leaseMs, log: options.log };
  const app = new Hono<TeamEnv>();

  const record = (c: Context<TeamEnv>, environment: string, action: string, orderId: string | null, body: unknown, outcome: string) => {
    const user = c.get('user');
    return audit.record({ user: user.email, role: roleIn(user.grants, environment), environment, action, order_id: orderId, body, outcome, address: clientAddress(c), user_agent: userAgent(c) });
  };

  /** The environment, after checking the person may do `permission` there (403 audited otherwise). */
  const allowed = (c: Context<TeamEnv>, environmentId: string, permission: Permission): Promise<TeamEnvironment> => assertPermission(c, options, environmentId, permission);

  const orderIdOf = (c: Context<TeamEnv>) => {
    const id = c.req.param('orderId') ?? '';
    if (!isUuid(id)) throw notFound();
    return id.toLowerCase();
  };

  const approvalOf = async (c: Context<TeamEnv>, permission: Permission): Promise<Approval> => {
    const approval = await findApproval(db, c.req.param('id') ?? '');
    if (approval === null) throw detailError(404, 'not_found', 'No such approval request.');
    await allowed(c, approval.environment, permission);
    return approval;
  };

  const approverEnvironments = (c: Context<TeamEnv>) => options.environments.filter((e) => permissionsIn(c.get('user').grants, e.id).includes('approve:refund')).map((e) => e.id);

  /** Why a decision found nothing to change (expired, or decided already: 409), audited as a refused attempt. */
  const notPending = async (c: Context<TeamEnv>, approval: Approval, action: string): Promise<ApiError> => {
    await maintainApprovals(deps, false);
    const now = await findApproval(db, approval.id);
    const [code, detail] =
      now?.state === 'expired'
        ? ['expired', 'This request expired before anyone approved it; nothing was sent. Ask for the refund again if it is still needed.']
        : ['not_pending', `This request is no longer waiting: it is ${now?.state ?? 'gone'}${now?.decided_by == null ? '' : ` by ${now.decided_by}`}.`];
    await record(c, approval.environment, action, approval.order_id, { approval_id: approval.id }, `refused_${code}`);
    return detailError(409, code, detail);
  };

  app.post(
    '/env/:envId/orders/:orderId/refunds',
    async (c) => {
      const environment = await allowed(c, c.req.param('envId') ?? '', 'request:refund');
      const orderId = orderIdOf(c);
      const body = await jsonBody(c, MAX_BODY);
      const parsed = teamRefundRequestSchema.safeParse(body);
      if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
      const input = parsed.data;
      const user = c.get('user');
      const reason = { reason: input.reason, reason_note: input.reason_note ?? null };
      if (needsApproval(environment, input.amount)) {
        // The identifiers are made here, once, and never change: every send of this request uses them.
        const approval = await createApproval(db, {
          environment: environment.id,
          orderId,
          amount: formatMoney(input.amount),
          destinationAccountNumber: input.destination_account_number,
          paymentIdentifier: newPaymentIdentifier(),
          externalId: newExternalId(),
          reason: input.reason,
          reasonNote: input.reason_note ?? null,
          requester: user.email,
          ttlMs: options.ttlMs,
        });
        await addEvent(db, approval.id, user.email, 'requested', 'pending', { amount: approval.amount, ...reason, threshold: environment.approvalThreshold });
        await record(c, environment.id, 'approval_request', orderId, { approval_id: approval.id, amount: approval.amount, destination_account_number: approval.destination_account_number, payment_identifier: approval.payment_identifier, external_id: approval.external_id, ...reason }, 'pending');
        return c.json({ approval }, 202, { 'Cache-Control': 'no-store' });
      }
      const refund = {
        amount: input.amount,
        destination_account_number: input.destination_account_number,
        payment_identifier: input.payment_identifier ?? newPaymentIdentifier(),
        external_id: input.external_id ?? newExternalId(),
      };
      const answer = await options.call(environment.id, 'POST', orderServicePaths.orderRefund(orderId), refund);
      let { status, text } = answer;
      if (status === 401 || status === 403) {
        text = JSON.stringify({ detail: `The Order Service of ${environment.name} refused the console's token (HTTP ${status}). Tell an administrator.`, code: 'service_refused_token' });
        status = 424;
      }
      await record(c, environment.id, 'refund_request', orderId, { request: refund, ...reason, approval: 'not_needed' }, auditOutcome(status, parseJson(text)));
      return new Response(text, { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
    },
  );

  app.get(
    '/env/:envId/orders/:orderId/approvals',
    async (c) => {
      const environment = await allowed(c, c.req.param('envId') ?? '', 'read:order');
      const orderId = orderIdOf(c);
      await maintainApprovals(deps, true);
      return c.json({ results: await approvalsOfOrder(db, environment.id, orderId) }, 200, { 'Cache-Control': 'no-store' });
    },
  );

  app.get(
    '/approvals',
    async (c) => {
      const environments = approverEnvironments(c);
      if (environments.length === 0) throw detailError(403, 'permission_denied', 'Only approvers see the approval queue.');
      await maintainApprovals(deps, true);
      const queue = await approvalQueue(db, environments);
      const orders = await freshOrders(deps, queue);
      return c.json({ results: queue.map((approval, i) => ({ approval, order: orders[i] ?? null })) }, 200, { 'Cache-Control': 'no-store' });
    },
  );

  app.get(
    '/approvals/count',
    async (c) => {
      await maintainApprovals(deps, false);
      // A bulk run waiting for a second person counts as one request, as its single refund would.
      const environments = approverEnvironments(c);
      const email = c.get('user').email;
      const waiting = (await countWaiting(db, environments, email)) + (await countWaitingBatches(db, environments, email));
      return c.json({ waiting }, 200, { 'Cache-Control': 'no-store' });
    },
  );

  app.get(
    '/approvals/:id',
    async (c) => {
      const approval = await approvalOf(c, 'read:order');
      return c.json({ approval, events: await eventsOf(db, approval.id) }, 200, { 'Cache-Control': 'no-store' });
    },
  );

  const decide = (kind: 'approve' | 'reject') =>
    async (c: Context<TeamEnv>) => {
      const approval = await approvalOf(c, 'approve:refund');
      const user = c.get('user');
      const body = await jsonBody(c, MAX_BODY);
      const parsed = decisionNoteSchema.safeParse(body);
      if (!parsed.success) throw new ApiError(400, issuesToDrf(parsed.error.issues, 'list', body));
      const note = parsed.data.note ?? null;
      const action = kind === 'approve' ? 'approval_approve' : 'approval_reject';
      if (approval.requester === user.email) {
        await record(c, approval.environment, action, approval.order_id, { approval_id: approval.id, note }, 'refused_own_request');
        throw detailError(403, 'own_request', 'You asked for this refund, so someone else must approve or reject it: every refund over the threshold needs a second person.');
      }
      if (kind === 'reject') {
        const rejected = await rejectPending(db, approval.id, user.email, note);
        if (rejected === null) throw await notPending(c, approval, action);
        await addEvent(db, approval.id, user.email, 'rejected', 'rejected', { note });
        await record(c, approval.environment, action, approval.order_id, { approval_id: approval.id, note }, 'rejected');
        return c.json({ approval: rejected }, 200);
      }
      const claimed = await claimForSending(db, approval.id, user.email, note, options.leaseMs);
      if (claimed === null) throw await notPending(c, approval, action);
      await addEvent(db, approval.id, user.email, 'approved', 'sending', { note });
      await record(c, approval.environment, action, approval.order_id, { approval_id: approval.id, note, payment_identifier: claimed.payment_identifier }, 'sending');
      return c.json({ approval: await sendClaimed(deps, claimed, user.email) }, 200);
    };
  app.post('/approvals/:id/approve', decide('approve'));
  app.post('/approvals/:id/reject', decide('reject'));

  app.post(
    '/approvals/:id/withdraw',
    async (c) => {
      const approval = await approvalOf(c, 'read:order');
      const user = c.get('user');
      if (approval.requester !== user.email) {
        await record(c, approval.environment, 'approval_withdraw', approval.order_id, { approval_id: approval.id }, 'refused_not_requester');
        throw detailError(403, 'not_requester', `Only ${approval.requester}, who asked for this refund, can withdraw it.`);
      }
      const withdrawn = await withdrawPending(db, approval.id, user.email);
      if (withdrawn === null) throw await notPending(c, approval, 'approval_withdraw');
      await addEvent(db, approval.id, user.email, 'withdrawn', 'withdrawn', null);
      await record(c, approval.environment, 'approval_withdraw', approval.order_id, { approval_id: approval.id }, 'withdrawn');
      return c.json({ approval: withdrawn }, 200);
    },
  );

  return app;
}
