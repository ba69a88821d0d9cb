// docs/decisions.md D16: roles per environment, and what each may do, as data (Epic Stack's RBAC: a
// user's permissions are the union of their roles'). The server checks them before it forwards a
// call (the check that counts); the console reads the same table to hide what a role may not do.
// No zod here: the console's first screen imports this (grants.ts parses grant texts).

export const ROLES = ['viewer', 'agent', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

// read:customer: the customer fields of a create body (e-mail, name, phone) are personal
// data; a viewer reads orders without them and cannot search by them. Whoever may create an order
// (and so type those fields) may see them. reset:sandbox: deleting every order of the shared embedded
// sandbox (a namespace's own orders are any agent's to reset). import:orders: feeding the team order
// index of an environment from a PSP's export file (docs/order-index.md), an admin's. run:scenarios:
// the sign-off catalogue run by the console server with the environment's token (D14); it creates and
// refunds orders of its own, as an agent may.
export const PERMISSIONS = ['read:order', 'create:order', 'request:refund', 'approve:refund', 'manage:users', 'read:audit', 'read:customer', 'reset:sandbox', 'import:orders', 'run:scenarios'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** A role as a grant gives it: in one environment, or in all (null). */
export interface Grant {
  role: Role;
  environment: string | null;
}

export const isPermission = (value: unknown): value is Permission => PERMISSIONS.some((p) => p === value);

/** Each role includes the one before it (viewer < agent < approver < admin). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  viewer: ['read:order'],
  agent: ['read:order', 'create:order', 'request:refund', 'read:customer', 'run:scenarios'],
  approver: ['read:order', 'create:order', 'request:refund', 'approve:refund', 'read:customer', 'run:scenarios'],
  admin: ['read:order', 'create:order', 'request:refund', 'approve:refund', 'manage:users', 'read:audit', 'read:customer', 'reset:sandbox', 'import:orders', 'run:scenarios'],
};

/** What a permission lets a person do, for a sentence such as "Your role viewer cannot refund in Sandbox". */
export const PERMISSION_VERBS: Readonly<Record<Permission, string>> = {
  'read:order': 'read orders',
  'create:order': 'create orders',
  'request:refund': 'refund',
  'approve:refund': 'approve refunds',
  'manage:users': 'manage users',
  'read:audit': 'read the audit log',
  'read:customer': "see or search customers' personal data",
  'reset:sandbox': 'reset the whole shared sandbox',
  'import:orders': 'import orders into the team index',
  'run:scenarios': 'run sign-off scenarios',
};

/**
 * What a refusal says, the same on the server (its 403) and in the console (a disabled action's
 * reason): `doing` is what was refused ("create orders", "arm or disarm faults"), in words the person
 * recognises as what they just tried.
 */
export function refusalSentence(role: string | null, doing: string, environmentName: string): string {
  return role === null ? `You have no role in ${environmentName}, so you cannot ${doing} there.` : `Your role ${role} cannot ${doing} in ${environmentName}.`;
}

export const formatGrant = (grant: Grant) => (grant.environment === null ? grant.role : `${grant.role}@${grant.environment}`);

/** The grants that apply in `environment`. */
export const grantsIn = (grants: readonly Grant[], environment: string) => grants.filter((g) => g.environment === null || g.environment === environment);

/** The union of the permissions of every grant that applies in `environment`. */
export function permissionsIn(grants: readonly Grant[], environment: string): Permission[] {
  const held = new Set<Permission>();
  for (const grant of grantsIn(grants, environment)) for (const permission of ROLE_PERMISSIONS[grant.role]) held.add(permission);
  return PERMISSIONS.filter((p) => held.has(p));
}

/** The strongest role that applies in `environment` (for the audit's role column and the UI's sentence), or null. */
export function roleIn(grants: readonly Grant[], environment: string): Role | null {
  let best: Role | null = null;
  for (const grant of grantsIn(grants, environment)) if (best === null || ROLES.indexOf(grant.role) > ROLES.indexOf(best)) best = grant.role;
  return best;
}
