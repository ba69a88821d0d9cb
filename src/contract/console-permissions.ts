import type { Grant, Permission } from './permissions.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './permissions.ts';

// docs/decisions.md D16: the audit log and the team's accounts span every environment, so reading the log
// or managing users needs a grant for all environments (`admin`, not `admin@sandbox`). The server
// checks it (require-console-permission.ts); the console reads the same rule off /api/me's grants
// to show the navigation. No zod: the console's first screen imports it.

/** The permissions of the grants that hold in every environment. */
export function consoleWidePermissions(grants: readonly Grant[]): Permission[] {
  const held = new Set<Permission>();
  for (const grant of grants) if (grant.environment === null) for (const permission of ROLE_PERMISSIONS[grant.role]) held.add(permission);
  return PERMISSIONS.filter((p) => held.has(p));
}

const isRole = (text: string): text is Grant['role'] => ROLES.some((role) => role === text);

/** The same from grant texts as /api/me lists them (`admin`, `agent@sandbox`); anything else counts for nothing. */
export function consoleWidePermissionsOf(grantTexts: readonly string[]): Permission[] {
  const grants: Grant[] = [];
  for (const text of grantTexts) {
    const role = text.trim();
    if (isRole(role)) grants.push({ role, environment: null });
  }
  return consoleWidePermissions(grants);
}
