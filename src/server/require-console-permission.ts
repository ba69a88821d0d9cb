import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { consoleWidePermissions } from '../contract/console-permissions.ts';
import type { Permission } from '../contract/permissions.ts';
import { formatGrant, isPermission, PERMISSION_VERBS } from '../contract/permissions.ts';
import { refusePermission } from './permissions-check.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';

// docs/decisions.md D16: the audit log and the users page are the whole console's, not one environment's:
// they need the permission from a grant for every environment (an `admin`). Runs behind
// requireSession; a refusal is a 403 permission_denied and an audit row, as assertPermission's.

export function requireConsolePermission(ctx: TeamContext, permission: Permission): MiddlewareHandler<TeamEnv> {
  return createMiddleware<TeamEnv>(async (c, next) => {
    const user = c.get('user');
    if (consoleWidePermissions(user.grants).includes(permission)) return next();
    return refusePermission(ctx.audit, c, {
      role: user.grants.map(formatGrant).join(' ') || null,
      environment: null,
      permission,
      detail: `Only an admin of the whole console can ${PERMISSION_VERBS[permission]}.`,
    });
  });
}

/** For code that names its permission as text (auditRoutes): an unknown name is a programming error. */
export function consolePermissionFor(ctx: TeamContext) {
  return (name: string): MiddlewareHandler<TeamEnv> => {
    if (!isPermission(name)) throw new Error(`unknown permission ${name}`);
    return requireConsolePermission(ctx, name);
  };
}
