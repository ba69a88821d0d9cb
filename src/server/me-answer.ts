import type { AccountSetup } from '../contract/account.ts';
import type { MeAnswer } from '../contract/console-api.ts';
import { formatGrant, permissionsIn, roleIn } from '../contract/permissions.ts';
import type { TeamContext } from './team-session.ts';
import type { ConsoleUser } from './users.ts';

/**
 * docs/decisions.md D16: what /api/me says: the person, their grants, and per environment what they may
 * do. Never a token. `setup`: what the account must do before anything else (docs/accounts.md).
 */
export function describeMe(user: ConsoleUser, ctx: TeamContext, setup: AccountSetup | null = null): MeAnswer {
  return {
    user: { email: user.email },
    setup,
    grants: user.grants.map(formatGrant),
    environments: ctx.config.environments
      .map((environment) => ({
        id: environment.id,
        name: environment.name,
        production: environment.production,
        approval_threshold: environment.approvalThreshold,
        sandbox: environment.target.kind === 'sandbox',
        role: roleIn(user.grants, environment.id),
        permissions: permissionsIn(user.grants, environment.id),
      }))
      .filter((environment) => environment.permissions.length > 0),
  };
}
