import type { Grant, Role } from '../../contract/permissions.ts';
import { ROLES } from '../../contract/permissions.ts';

// docs/accounts.md: CONSOLE_MFA_REQUIRED_FOR, the roles that must have a second factor (local sign-in).
// Each role includes the ones before it, so a listed role covers the stronger ones too: `approver`
// covers admins, who can approve as well.

export const DEFAULT_MFA_REQUIRED_FOR = 'approver,admin';

/** The roles listed, `all` or `none`; null with the word that is none of these. */
export function parseMfaRequiredFor(text: string | undefined): { roles: Role[] } | { unknown: string } {
  const value = (text ?? '').trim().toLowerCase() || DEFAULT_MFA_REQUIRED_FOR;
  if (value === 'none') return { roles: [] };
  if (value === 'all') return { roles: [...ROLES] };
  const roles: Role[] = [];
  for (const word of value.split(/[\s,]+/).filter((part) => part !== '')) {
    const role = ROLES.find((r) => r === word);
    if (role === undefined) return { unknown: word };
    roles.push(role);
  }
  return { roles };
}

/** Whether someone with `grants` must have a second factor under `requiredFor`. */
export function mfaRequired(grants: readonly Grant[], requiredFor: readonly Role[]): boolean {
  if (requiredFor.length === 0) return false;
  const weakest = Math.min(...requiredFor.map((role) => ROLES.indexOf(role)));
  return grants.some((grant) => ROLES.indexOf(grant.role) >= weakest);
}
