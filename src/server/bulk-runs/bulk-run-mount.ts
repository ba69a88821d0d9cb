import type { Hono } from 'hono';
import type { FetchApp } from '../../http/listen.ts';
import { DEFAULT_APPROVAL_TTL_MS, DEFAULT_APPROVAL_WINDOW_MS } from '../approvals/approval-mount.ts';
import { createBackground } from '../background.ts';
import { serviceCaller } from '../forward.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { createBulkRunRoutes } from './bulk-run-routes.ts';
import { startBulkRunner } from './bulk-runner.ts';
import { resolveBulkSettings } from './bulk-runner-settings.ts';

// Team bulk runs under /api, behind the session, and the runner that sends them from this
// process (it starts now, and takes up at once any run a killed process left behind once its
// lease has run out).

export function registerBulkRuns(app: Hono<TeamEnv>, ctx: TeamContext, sandbox: { app: FetchApp; token: string } | undefined): void {
  // Without a server to stop it (a bare app in a test), the runner lives as long as the process.
  const background = ctx.background ?? createBackground().background;
  const settings = resolveBulkSettings(ctx.config.bulkRuns);
  const call = serviceCaller(ctx, sandbox);
  const runner = startBulkRunner({
    db: ctx.db,
    audit: ctx.audit,
    call,
    environments: ctx.config.environments,
    settings,
    log: ctx.log,
    background,
  });
  app.route(
    '/api',
    createBulkRunRoutes({
      db: ctx.db,
      audit: ctx.audit,
      environments: ctx.config.environments,
      ttlMs: ctx.config.approvalTtlMs ?? DEFAULT_APPROVAL_TTL_MS,
      windowMs: ctx.config.approvalWindowMs ?? DEFAULT_APPROVAL_WINDOW_MS,
      call,
      wake: () => runner.wake(),
      lease: { lengthMs: settings.leaseMs, pollMs: settings.pollMs },
    }),
  );
}
