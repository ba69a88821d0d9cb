import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { RESET_PASSWORD_PAGE } from '../../contract/account.ts';
import type { Database, Queryable } from '../../db/store-db.ts';

// docs/accounts.md: an admin's reset link. The token is 32 random bytes; the database keeps only its
// SHA-256 (a copy of the database opens no account), for an hour, and it works once: the statement that
// uses it is the one that marks it used. A new link for a person ends the ones before it. The token
// goes in the link's fragment, which browsers never send (no request line, log or Referer holds it).

export const RESET_TTL_MS = 60 * 60_000;
/** Used and expired links are kept this long (a second use is told "used already"), then deleted. */
const KEEP_MS = 24 * 3_600_000;

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const resetLink = (origin: string, token: string) => `${origin}${RESET_PASSWORD_PAGE}#${token}`;

const issuedRow = z.object({ expires_at: z.coerce.date() });
const emailRow = z.object({ email: z.string() });

/** A new link for `email` (the earlier ones stop working): the token, to be shown once, and its end. */
export async function issuePasswordReset(db: Database, email: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM console_password_resets WHERE email = $1 OR expires_at < now() - $2::int * interval '1 millisecond'`, [email, KEEP_MS]);
    const { rows } = await tx.query(
      `INSERT INTO console_password_resets (token_hash, email, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 millisecond') RETURNING expires_at`,
      [hashOf(token), email, RESET_TTL_MS],
    );
    return issuedRow.parse(rows[0]).expires_at;
  });
  return { token, expiresAt };
}

const LIVE = `r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > now()
  AND EXISTS (SELECT 1 FROM console_users u WHERE u.email = r.email AND u.status = 'active')`;

/** Whose link `token` is, while it is unused, not expired and the account active; null otherwise. */
export async function resetLinkOwner(db: Queryable, token: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT r.email FROM console_password_resets r WHERE ${LIVE}`, [hashOf(token)]);
  return rows[0] === undefined ? null : emailRow.parse(rows[0]).email;
}

/**
 * Uses the link: marks it used and sets the password in one transaction, and ends every session of the
 * person (whoever had their old password is signed out). Null when the link is not live (used, expired,
 * unknown, the account disabled): then nothing changed.
 */
export async function usePasswordReset(db: Database, token: string, passwordHash: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query(`UPDATE console_password_resets r SET used_at = now() WHERE ${LIVE} RETURNING r.email`, [hashOf(token)]);
    if (rows[0] === undefined) return null;
    const { email } = emailRow.parse(rows[0]);
    await tx.query('UPDATE console_users SET password_hash = $2, must_change_password = false, updated_at = now() WHERE email = $1', [email, passwordHash]);
    await tx.query('DELETE FROM console_sessions WHERE email = $1', [email]);
    return email;
  });
}
