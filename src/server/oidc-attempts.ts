import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { Queryable } from '../db/store-db.ts';
import type { PendingOidc } from './oidc/oidc-sign-in.ts';
import { PENDING_MAX_AGE_MS } from './oidc/oidc-sign-in.ts';

// docs/oidc.md: a sign-in attempt (state, nonce, PKCE verifier, where to go back) waits in the
// console's database, so any console process can take the callback, keyed by a random id in a
// cookie. The cookie is SameSite=Lax: a Strict one is not sent with the provider's redirect back
// (measured in Chromium). Only the id's SHA-256 is stored; the row is deleted as it is read.

export const ATTEMPT_COOKIE = 'console_oidc_attempt';
const COOKIE_PATH = '/auth/oidc';
const MAX_AGE_S = Math.floor(PENDING_MAX_AGE_MS / 1000);

const hashOf = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');

/** Sets the attempt's cookie, or clears it (`id` empty); under https Secure and `__Secure-` prefixed. */
export function setAttemptCookie(c: Context, id: string, secure: boolean): void {
  setCookie(c, ATTEMPT_COOKIE, id, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: id === '' ? 0 : MAX_AGE_S,
    ...(secure && { secure: true, prefix: 'secure' }),
  });
}

/** Keeps the attempt; returns the id for the cookie. Attempts older than their limit are swept on the way. */
export async function saveAttempt(db: Queryable, pending: PendingOidc): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query(`DELETE FROM console_oidc_attempts WHERE created_at < now() - $1::int * interval '1 millisecond'`, [PENDING_MAX_AGE_MS]);
  await db.query('INSERT INTO console_oidc_attempts (id_hash, data) VALUES ($1, $2::jsonb)', [hashOf(id), JSON.stringify(pending)]);
  return id;
}

const rowSchema = z.object({ data: z.unknown() });

/** The attempt this browser's cookie names, removed as it is read (a callback counts once); null when none. */
export async function takeAttempt(c: Context, db: Queryable, secure: boolean): Promise<unknown> {
  const id = getCookie(c, ATTEMPT_COOKIE, secure ? 'secure' : undefined);
  if (id === undefined || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const { rows } = await db.query('DELETE FROM console_oidc_attempts WHERE id_hash = $1 RETURNING data', [hashOf(id)]);
  const row = rows[0] === undefined ? null : rowSchema.parse(rows[0]);
  return row?.data ?? null;
}
