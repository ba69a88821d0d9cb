import type { Account } from '../../contract/account.ts';
import type { TeamContext } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { secondFactorRequired } from './account-gate.ts';
import { accountState, setupOf } from './account-state.ts';
import { passkeysOf } from './passkeys.ts';
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
    passkeys: (await passkeysOf(ctx.db, user.email)).map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt.toISOString(), last_used_at: p.lastUsedAt?.toISOString() ?? null })),
  };
}
