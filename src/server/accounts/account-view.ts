import type { Account } from '../../contract/account.ts';
import type { TeamContext } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { secondFactorRequired } from './account-gate.ts';
import { accountState, setupOf } from './account-state.ts';
import { recoveryCodesLeft } from './totp.ts';

/** The person's own account as /account shows it (GET /api/account, and each change's answer). */
export async function describeAccount(ctx: TeamContext, user: ConsoleUser): Promise<Account> {
  const state = await accountState(ctx.db, user.email);
  const required = secondFactorRequired(ctx, user);
  return {
    email: user.email,
    setup: state === null ? null : setupOf(state, required),
    second_factor_required: required,
    totp: { enabled: state?.totp === true, recovery_codes_left: state?.totp === true ? await recoveryCodesLeft(ctx.db, user.email) : 0 },
  };
}
