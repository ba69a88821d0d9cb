import { z } from 'zod';
import type { AccountSetup } from '../../contract/account.ts';
import type { Queryable } from '../../db/store-db.ts';
import { removePasskeys } from './passkeys.ts';
import { removeTotp } from './totp.ts';

// docs/accounts.md: what an account has and what it still has to do before its person may use the
// console. Read on every request of a session (account-gate.ts), so a change made elsewhere (an admin
// removed the second factor, a password changed in another tab) holds at once.

const stateRow = z.object({ must_change_password: z.boolean(), has_totp: z.boolean(), has_passkey: z.boolean() });

export interface AccountState {
  mustChangePassword: boolean;
  /** An authenticator app (TOTP) is on. */
  totp: boolean;
  /** At least one passkey (WebAuthn). */
  passkey: boolean;
}

export async function accountState(db: Queryable, email: string): Promise<AccountState | null> {
  const { rows } = await db.query(
    `SELECT u.must_change_password,
            EXISTS (SELECT 1 FROM console_totp t WHERE t.email = u.email AND t.confirmed_at IS NOT NULL) AS has_totp,
            EXISTS (SELECT 1 FROM console_passkeys p WHERE p.email = u.email) AS has_passkey
     FROM console_users u WHERE u.email = $1`,
    [email],
  );
  if (rows[0] === undefined) return null;
  const row = stateRow.parse(rows[0]);
  return { mustChangePassword: row.must_change_password, totp: row.has_totp, passkey: row.has_passkey };
}

export const hasSecondFactor = (state: AccountState) => state.totp || state.passkey;

/** The first thing still to do, or null when the account is ready. */
export function setupOf(state: AccountState, secondFactorRequired: boolean): AccountSetup | null {
  if (state.mustChangePassword) return 'change_password';
  return secondFactorRequired && !hasSecondFactor(state) ? 'enrol_second_factor' : null;
}

/** The person's own new password: an admin's demand to change it is met. */
export async function setOwnPassword(db: Queryable, email: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE console_users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE email = $1', [email, passwordHash]);
}

/** The accounts that have a second factor (the Users page says so, and offers to remove it). */
export async function accountsWithSecondFactor(db: Queryable): Promise<Set<string>> {
  const { rows } = await db.query('SELECT email FROM console_totp WHERE confirmed_at IS NOT NULL UNION SELECT email FROM console_passkeys');
  return new Set(rows.map((row) => z.object({ email: z.string() }).parse(row).email));
}

/** Removes every second factor of the account (an admin's doing); which kinds there were. */
export async function removeSecondFactors(db: Queryable, email: string): Promise<string[]> {
  const removed: string[] = [];
  if (await removeTotp(db, email)) removed.push('totp');
  if ((await removePasskeys(db, email)) > 0) removed.push('passkey');
  return removed;
}
