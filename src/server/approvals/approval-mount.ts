import { setTimeout as sleep } from 'node:timers/promises';
import type { Hono } from 'hono';
import type { FetchApp } from '../../http/listen.ts';
import type { Background } from '../background.ts';
import { serviceCaller } from '../forward.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { createApprovalRoutes } from './approval-routes.ts';
import type { SendDeps } from './approval-send.ts';
import { maintainApprovals } from './approval-upkeep.ts';

// docs/decisions.md D17: the approvals under /api, behind the session the team routes require there.

export const DEFAULT_APPROVAL_TTL_MS = 24 * 3_600_000;
/** CONSOLE_APPROVAL_WINDOW's default: a day. */
export const DEFAULT_APPROVAL_WINDOW_MS = 24 * 3_600_000;
/** Longer than any one refund call takes (the proxy gives up well before), so a live sender is never overtaken. */
export const DEFAULT_APPROVAL_LEASE_MS = 120_000;

export function registerApprovals(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined): void {
  const options = {
    db: ctx.db,
    audit: ctx.audit,
    call: serviceCaller(ctx, sandbox),
    environments: ctx.config.environments,
    ttlMs: ctx.config.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS,
    leaseMs: ctx.config.approvalLeaseMs ?? DEFAULT_APPROVAL_LEASE_MS,
    windowMs: ctx.config.approvalWindowMs ?? DEFAULT_APPROVAL_WINDOW_MS,
    log: ctx.log,
  };
  app.route('/api', createApprovalRoutes(options));
  // A process killed between an approval and the service's answer left its request in `sending`:
  // the next process to start resolves it once the lease has run out (so does the next queue read).
  const deps: SendDeps = { db: options.db, audit: options.audit, call: options.call, environments: options.environments, leaseMs: options.leaseMs, log: options.log };
  maintainApprovals(deps, true).catch((error: unknown) => ctx.log(`approvals: start-up recovery failed: ${error instanceof Error ? error.message : String(error)}`));
  if (ctx.background !== undefined) sweepExpired(ctx.background, deps, options.ttlMs);
}

/**
 * Requests past CONSOLE_APPROVAL_TTL become expired even when nobody opens the queue, so the audit,
 * the notifier and the metrics learn of them. Every process sweeps; the one update that expires a
 * request takes it once, whichever process runs it.
 */
function sweepExpired(background: Background, deps: SendDeps, ttlMs: number): void {
  const everyMs = Math.min(60_000, Math.max(1_000, Math.floor(ttlMs / 2)));
  const { signal } = background;
  background.track(
    (async () => {
      while (!signal.aborted) {
        // Aborted when the server closes: the wait ends at once.
        await sleep(everyMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) return;
        // A database that is away is found again at the next sweep.
        await maintainApprovals(deps, false).catch((error: unknown) => deps.log(`approvals: the expiry sweep failed: ${error instanceof Error ? error.message : String(error)}`));
      }
    })(),
  );
}
