import { z } from 'zod';
import type { AccountSetup } from '../../contract/account.ts';
import type { Queryable } from '../../db/store-db.ts';

// docs/accounts.md: what an account still has to do before its person may use the console. Read on
// every request of a session (account-gate.ts), so a change made elsewhere (an admin's reset, a
// password changed in another tab) holds at once.

const stateRow = z.object({ must_change_password: z.boolean() });

export interface AccountState {
  mustChangePassword: boolean;
}

export async function accountState(db: Queryable, email: string): Promise<AccountState | null> {
  const { rows } = await db.query('SELECT must_change_password FROM console_users WHERE email = $1', [email]);
  if (rows[0] === undefined) return null;
  const row = stateRow.parse(rows[0]);
  return { mustChangePassword: row.must_change_password };
}

/** The first thing still to do, or null when the account is ready. */
export function setupOf(state: AccountState): AccountSetup | null {
  return state.mustChangePassword ? 'change_password' : null;
}

/** The person's own new password: an admin's demand to change it is met. */
export async function setOwnPassword(db: Queryable, email: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE console_users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE email = $1', [email, passwordHash]);
}
