import { z } from 'zod';
import type { Grant } from '../contract/permissions.ts';
import { grantSchema } from '../contract/grants.ts';
import { formatGrant } from '../contract/permissions.ts';
import type { Queryable } from '../db/store-db.ts';
import { endSessionsOf } from './sessions.ts';
import { unlockAccount } from './sign-in-throttle.ts';

// docs/decisions.md D16: the team's accounts in the console's database. An e-mail is kept in lower case;
// grants are `role` or `role@env` texts, parsed with the contract's schema on the way in and out.

export interface ConsoleUser {
  email: string;
  status: 'active' | 'disabled';
  grants: Grant[];
  passwordHash: string | null;
}

const rowSchema = z.object({
  email: z.string(),
  status: z.enum(['active', 'disabled']),
  grants: z.array(grantSchema),
  password_hash: z.string().nullable(),
});

const toUser = (row: unknown): ConsoleUser => {
  const parsed = rowSchema.parse(row);
  return { email: parsed.email, status: parsed.status, grants: parsed.grants, passwordHash: parsed.password_hash };
};

const COLUMNS = 'email, status, grants, password_hash';

export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

export async function findUser(db: Queryable, email: string): Promise<ConsoleUser | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_users WHERE email = $1`, [email.trim().toLowerCase()]);
  return rows[0] === undefined ? null : toUser(rows[0]);
}

export async function listUsers(db: Queryable): Promise<ConsoleUser[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_users ORDER BY email`);
  return rows.map(toUser);
}

/** `mustChangePassword`: an admin chose the password, so the person changes it at first sign-in (docs/accounts.md). */
export async function addUser(db: Queryable, user: { email: string; grants: Grant[]; passwordHash: string | null; mustChangePassword?: boolean }): Promise<ConsoleUser> {
  const { rows } = await db.query(
    `INSERT INTO console_users (email, password_hash, grants, must_change_password) VALUES ($1, $2, $3::text[], $4) ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [user.email, user.passwordHash, user.grants.map(formatGrant), user.mustChangePassword ?? false],
  );
  if (rows[0] === undefined) throw new UserError(`${user.email} already has an account (use set-role to change its roles)`);
  return toUser(rows[0]);
}

/**
 * Replaces the account's grants. When they change, every session of the account ends (ASVS 5.0: a new
 * session on a change of privilege): whoever is signed in as them signs in again and gets the new ones.
 */
export async function setGrants(db: Queryable, email: string, grants: Grant[]): Promise<ConsoleUser> {
  const before = await findUser(db, email);
  if (before === null) throw new UserError(`no account for ${email}`);
  const { rows } = await db.query(`UPDATE console_users SET grants = $2::text[], updated_at = now() WHERE email = $1 RETURNING ${COLUMNS}`, [
    email,
    grants.map(formatGrant),
  ]);
  if (rows[0] === undefined) throw new UserError(`no account for ${email}`);
  const after = toUser(rows[0]);
  if (after.grants.map(formatGrant).join(' ') !== before.grants.map(formatGrant).join(' ')) await endSessionsOf(db, email);
  return after;
}

/** Disables the account and ends its sessions (a disabled user is signed out everywhere at once). */
export async function disableUser(db: Queryable, email: string): Promise<ConsoleUser> {
  const { rows } = await db.query(`UPDATE console_users SET status = 'disabled', updated_at = now() WHERE email = $1 RETURNING ${COLUMNS}`, [email]);
  if (rows[0] === undefined) throw new UserError(`no account for ${email}`);
  await endSessionsOf(db, email);
  return toUser(rows[0]);
}

/** Lets a disabled account sign in again (its old sessions stay ended). */
export async function enableUser(db: Queryable, email: string): Promise<ConsoleUser> {
  const { rows } = await db.query(`UPDATE console_users SET status = 'active', updated_at = now() WHERE email = $1 RETURNING ${COLUMNS}`, [email]);
  if (rows[0] === undefined) throw new UserError(`no account for ${email}`);
  return toUser(rows[0]);
}

/**
 * Removes the account: its sessions, factors and links go with its row (ON DELETE CASCADE); the audit
 * and past approvals keep the name as text, and the address may be added again as a new account
 * (its failed sign-ins forgotten too).
 */
export async function removeUser(db: Queryable, email: string): Promise<void> {
  const { rows } = await db.query('DELETE FROM console_users WHERE email = $1 RETURNING email', [email]);
  if (rows[0] === undefined) throw new UserError(`no account for ${email}`);
  await unlockAccount(db, email);
}
