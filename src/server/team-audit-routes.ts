import type { Hono, MiddlewareHandler } from 'hono';
import { auditPaths } from '../contract/audit.ts';
import { formatGrant } from '../contract/permissions.ts';
import { auditRoutes } from './audit/audit-routes.ts';
import { consolePermissionFor } from './require-console-permission.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, userAgent } from './team-session.ts';

// docs/decisions.md D16: /api/audit and /api/audit/export for admins of the whole console. Who read or
// exported the log, with which filters, is itself a row of it (a copy of the log leaving the console
// has a name on it).

export function mountAuditRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const guard = consolePermissionFor(ctx);
  const recordRead: MiddlewareHandler<TeamEnv> = async (c, next) => {
    await next();
    const user = c.get('user');
    await ctx.audit.record({
      user: user.email,
      role: user.grants.map(formatGrant).join(' ') || null,
      environment: null,
      action: c.req.path.endsWith('/export') ? 'audit_export' : 'audit_read',
      order_id: null,
      body: { query: c.req.query() },
      outcome: String(c.res.status),
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
  };
  const requirePermission = (permission: string): MiddlewareHandler<TeamEnv> => {
    const check = guard(permission);
    return async (c, next) => {
      await check(c, async () => {
        await recordRead(c, next);
      });
    };
  };
  app.route(auditPaths.list(), auditRoutes({ db: ctx.db, requirePermission, log: ctx.log }));
}
