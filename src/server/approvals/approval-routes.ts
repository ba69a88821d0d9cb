import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Approval } from '../../contract/approvals.ts';
import { decisionNoteSchema } from '../../contract/approvals.ts';
import { jsonBody } from '../json-body.ts';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import type { Permission } from '../../contract/permissions.ts';
import { permissionsIn, roleIn } from '../../contract/permissions.ts';
import { ApiError, detailError, notFound } from '../../http/errors.ts';
import type { Database } from '../../db/store-db.ts';
import type { AuditSink } from '../audit-sink.ts';
import type { ServiceCall } from '../forward.ts';
import { assertPermission } from '../permissions-check.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { TeamEnv } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import { addEvent, approvalQueue, approvalsOfOrder, claimForSending, countWaiting, eventsOf, findApproval, rejectPending, withdrawPending } from './approval-store.ts';
import { countRefund } from './refund-ledger.ts';
import { registerRefundRoutes } from './refund-routes.ts';
import { recordIntent, recordOutcome } from '../write-ahead.ts';
import type { SendDeps } from './approval-send.ts';
import { sendClaimed } from './approval-send.ts';
import { freshOrders, maintainApprovals } from './approval-upkeep.ts';
import { countWaitingBatches } from '../bulk-runs/bulk-run-store.ts';
import { isUuid } from '../../contract/uuid.ts';

// docs/decisions.md D17: the approvals' routes under /api (the team routes mount them behind the session):
//   POST /api/env/{env}/orders/{id}/refunds     a refund with its reason, and its review: refund-routes.ts
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
  /** CONSOLE_APPROVAL_WINDOW: the threshold applies to what an order's refunds add up to within it. */
  windowMs: number;
  log: (line: string) => void;
}

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

  // The single refund and its review (refund-routes.ts), with these same checks and records.
  registerRefundRoutes(app, { db, audit, call: options.call, limits: { windowMs: options.windowMs }, ttlMs: options.ttlMs, log: options.log, allowed, orderIdOf, record });

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
      // Write-ahead: the approval, and so the refund it sends, is in the log before anything changes.
      const entry = { user: user.email, role: roleIn(user.grants, approval.environment), environment: approval.environment, order_id: approval.order_id, address: clientAddress(c), user_agent: userAgent(c) };
      const what = { approval_id: approval.id, note, amount: approval.amount, payment_identifier: approval.payment_identifier };
      await recordIntent(audit, { ...entry, action, body: what }, options.log);
      const claimed = await db.transaction(async (tx) => {
        const taken = await claimForSending(tx, approval.id, user.email, note, options.leaseMs);
        // Counted from now for the order's window (refund-ledger.ts), approved by this person.
        if (taken !== null) await countRefund(tx, { environment: taken.environment, orderId: taken.order_id, paymentIdentifier: taken.payment_identifier, externalId: taken.external_id, requester: taken.requester, source: 'approval', amount: taken.amount, approvedBy: user.email });
        return taken;
      });
      if (claimed === null) throw await notPending(c, approval, action);
      await addEvent(db, approval.id, user.email, 'approved', 'sending', { note });
      await recordOutcome(audit, { ...entry, action, body: what, outcome: 'sending' }, options.log);
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
