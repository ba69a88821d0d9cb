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
