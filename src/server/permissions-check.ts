import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Permission } from '../contract/permissions.ts';
import { PERMISSION_VERBS, permissionsIn, refusalSentence, roleIn } from '../contract/permissions.ts';
import { detailError } from '../http/errors.ts';
import type { AuditSink } from './audit-sink.ts';
import type { TeamEnvironment } from './team-config.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, userAgent } from './team-session.ts';

// docs/decisions.md D16 and docs/style.md (Epic Stack's RBAC): one check requires a permission before a
// handler acts. The UI hides what a role may not do; this is the check that counts. A refusal is a
// DRF-shaped 403 (code permission_denied, which the console tells apart from an authentication
// problem) and an entry in the audit log.

/** `doing`: what was refused, when the permission's own words would name something else (a viewer arming a fault is refused create:order). */
export function refusalDetail(role: string | null, permission: Permission, environmentName: string, doing: string = PERMISSION_VERBS[permission]): string {
  return refusalSentence(role, doing, environmentName);
}

export interface Refusal {
  /** The person's role where they were refused (null: none), as the audit row names it. */
  role: string | null;
  /** Null for what belongs to the whole console (the audit log, the users page). */
  environment: string | null;
  permission: Permission;
  /** What the 403 says, in words the person can act on. */
  detail: string;
  /** More of the request for the audit row (a search's text). */
  request?: Record<string, unknown>;
}

/** Records the refusal in the audit log, then refuses with 403 permission_denied. */
export async function refusePermission(audit: AuditSink, c: Context<TeamEnv>, refusal: Refusal): Promise<never> {
  await audit.record({
    user: c.get('user').email,
    role: refusal.role,
    environment: refusal.environment,
    action: 'forbidden',
    order_id: null,
    body: { method: c.req.method, path: c.req.path, permission: refusal.permission, ...refusal.request },
    outcome: 'refused',
    address: clientAddress(c),
    user_agent: userAgent(c),
  });
  throw detailError(403, 'permission_denied', refusal.detail);
}

/** Where a permission is checked: the console's environments, and the audit log a refusal goes to. */
export interface PermissionScope {
  audit: AuditSink;
  environments: readonly TeamEnvironment[];
}

/**
 * The environment, once the signed-in person is known to have `permission` there: 404 for an
 * environment the console does not have, otherwise a 403 recorded in the audit log.
 */
export async function assertPermission(c: Context<TeamEnv>, scope: PermissionScope, environmentId: string | null, permission: Permission, doing?: string): Promise<TeamEnvironment> {
  const environment = scope.environments.find((e) => e.id === environmentId);
  if (environment === undefined) throw detailError(404, 'not_found', 'No such environment.');
  const grants = c.get('user').grants;
  if (permissionsIn(grants, environment.id).includes(permission)) return environment;
  const role = roleIn(grants, environment.id);
  return refusePermission(scope.audit, c, { role, environment: environment.id, permission, detail: refusalDetail(role, permission, environment.name, doing) });
}

/** assertPermission before the handler runs, the environment named by the request; `doing` names what a refusal refused. */
export function requirePermission(
  ctx: TeamContext,
  permission: Permission | ((c: Context<TeamEnv>) => Permission),
  envFrom: (c: Context<TeamEnv>) => string | null,
  doing: (c: Context<TeamEnv>) => string | undefined = () => undefined,
) {
  const scope: PermissionScope = { audit: ctx.audit, environments: ctx.config.environments };
  return createMiddleware<TeamEnv>(async (c, next) => {
    await assertPermission(c, scope, envFrom(c), typeof permission === 'function' ? permission(c) : permission, doing(c));
    await next();
  });
}
