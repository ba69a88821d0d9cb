import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permission } from '../contract/permissions.ts';
import { PERMISSION_VERBS, permissionsIn, roleIn } from '../contract/permissions.ts';
import { detailError } from '../http/errors.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, userAgent } from './team-session.ts';

// docs/decisions.md D16 and docs/style.md (Epic Stack's RBAC): one helper requires a permission before a
// handler runs. The UI hides what a role may not do; this is the check that counts. A refusal is a
// DRF-shaped 403 (code permission_denied, which the console tells apart from an authentication
// problem) and an entry in the audit log.

export function refusalDetail(role: string | null, permission: Permission, environmentName: string): string {
  return role === null
    ? `You have no role in ${environmentName}, so you cannot ${PERMISSION_VERBS[permission]} there.`
    : `Your role ${role} cannot ${PERMISSION_VERBS[permission]} in ${environmentName}.`;
}

export function requirePermission(
  ctx: TeamContext,
  permission: Permission | ((c: Context<TeamEnv>) => Permission),
  envFrom: (c: Context<TeamEnv>) => string | null,
) {
  return createMiddleware<TeamEnv>(async (c, next) => {
    const needed = typeof permission === 'function' ? permission(c) : permission;
    const environmentId = envFrom(c);
    const user = c.get('user');
    const environment = ctx.config.environments.find((e) => e.id === environmentId);
    if (environment === undefined || environmentId === null) throw detailError(404, 'not_found', 'No such environment.');
    if (permissionsIn(user.grants, environment.id).includes(needed)) return next();
    const role = roleIn(user.grants, environment.id);
    await ctx.audit.record({
      user: user.email,
      role,
      environment: environment.id,
      action: 'forbidden',
      order_id: null,
      body: { method: c.req.method, path: c.req.path, permission: needed },
      outcome: 'refused',
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
    throw detailError(403, 'permission_denied', refusalDetail(role, needed, environment.name));
  });
}
