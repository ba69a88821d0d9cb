import { z } from 'zod';
import type { Grant } from './permissions.ts';
import { ROLES } from './permissions.ts';

// docs/decisions.md D16: a grant is written `role` (every environment) or `role@env` (npm run users,
// the console's database, an OIDC roles claim).

export const roleSchema = z.enum(ROLES);

export const ENVIRONMENT_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** `role` (every environment) or `role@env`. */
export const grantSchema = z.string().transform((text, ctx) => {
  const [role = '', environment, ...rest] = text.trim().split('@');
  const parsedRole = roleSchema.safeParse(role);
  if (!parsedRole.success || rest.length > 0 || (environment !== undefined && !ENVIRONMENT_ID_PATTERN.test(environment))) {
    ctx.addIssue({ code: 'custom', message: `unknown role "${text}": expected one of ${ROLES.join(', ')}, optionally @environment (agent@sandbox)` });
    return z.NEVER;
  }
  const grant: Grant = { role: parsedRole.data, environment: environment ?? null };
  return grant;
});

/**
 * Null when every grant is for all environments or for one this console has; else the sentence that
 * refuses the first that is not, naming the environments there are (`agent@prod` where there are
 * sandbox and staging would sign in to nothing).
 */
export function unknownEnvironmentMessage(grants: readonly Grant[], environmentIds: readonly string[]): string | null {
  const unknown = grants.find((grant) => grant.environment !== null && !environmentIds.includes(grant.environment));
  if (unknown === undefined || unknown.environment === null) return null;
  return `there is no environment "${unknown.environment}" (in ${unknown.role}@${unknown.environment}): the environments are ${environmentIds.join(', ')}; or give ${unknown.role} for all of them`;
}
