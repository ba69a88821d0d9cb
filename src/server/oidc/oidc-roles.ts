// Roles come from one claim of the ID token (OIDC_ROLES_CLAIM). Providers write it differently:
// Entra ID `roles: ["agent@sandbox"]`, Keycloak `realm_access: { roles: [...] }`, some a space or
// comma separated string, Auth0 a namespaced name with dots in it (`https://console.example.com/roles`).

const BASE_ROLES = ['viewer', 'agent', 'approver', 'admin'] as const;
const ROLE_GRANT = new RegExp(`^(${BASE_ROLES.join('|')})(@[a-z0-9][a-z0-9_-]{0,63})?$`);

/**
 * D16's grant grammar: a role alone (all environments) or `role@environment`. Whether the
 * environment exists is the console's business (pass `isKnownRole` to createOidcSignIn).
 */
export function isRoleGrant(value: string): boolean {
  return ROLE_GRANT.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The claim's value: the whole name first (names may contain dots), then the dotted path. */
export function readClaim(claims: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(claims, path)) return claims[path];
  let current: unknown = claims;
  for (const segment of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, segment)) return undefined;
    current = current[segment];
  }
  return current;
}

/** The role names a claim value holds; anything that is not a string or a list of strings holds none. */
export function roleNames(value: unknown): string[] {
  const names = typeof value === 'string' ? value.split(/[\s,]+/) : Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  return [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))];
}

export interface SortedRoles {
  roles: string[];
  /** Names in the claim that are not a role of this console: dropped, and worth a line in the log. */
  unknownRoles: string[];
}

export function sortRoles(names: readonly string[], isKnownRole: (name: string) => boolean): SortedRoles {
  const roles: string[] = [];
  const unknownRoles: string[] = [];
  for (const name of names) (isKnownRole(name) ? roles : unknownRoles).push(name);
  return { roles, unknownRoles };
}
