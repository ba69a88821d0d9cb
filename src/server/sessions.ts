import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/store-db.ts';

// docs/decisions.md D16: a session is a random id in an HttpOnly cookie; the database keeps only its
// SHA-256, so a copy of the database signs nobody in. Idle timeout (CONSOLE_SESSION_IDLE) and
// absolute timeout (CONSOLE_SESSION_MAX) are checked in the same statement that marks the session
// seen, so two processes on one database agree on them; a background read is checked the same way
// and does not mark it seen.

/** Under https (D16) it is `__Host-console_session`: Secure, pinned to this host and path `/` (team-session.ts). */
export const SESSION_COOKIE = 'console_session';

const hashOf = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');

export interface SessionTimes {
  idleMs: number;
  maxMs: number;
}

export async function createSession(db: Queryable, email: string, times: SessionTimes): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO console_sessions (id_hash, email, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, now(), now(), now() + $3::int * interval '1 millisecond')`,
    [hashOf(id), email, times.maxMs],
  );
  return id;
}

const liveRow = z.object({ email: z.string(), idle_left_ms: z.coerce.number() });

export interface LiveSession {
  email: string;
  /** Milliseconds until it ends for idleness. */
  idleLeftMs: number;
}

// The session's user must be active, and the session neither idle past its limit nor past its end.
const LIVE = `s.id_hash = $1 AND u.email = s.email AND u.status = 'active'
  AND s.last_seen_at > now() - $2::int * interval '1 millisecond' AND s.expires_at > now()`;

/**
 * The session's active user, or null when the id is unknown, the session idled out or reached its
 * absolute end, or the user is disabled (then it is deleted). `extend`: a person's request, which marks
 * the session seen (the idle clock starts again); a background read only looks (contract/session.ts).
 */
export async function touchSession(db: Queryable, id: string, times: SessionTimes, options: { extend: boolean } = { extend: true }): Promise<LiveSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const { rows } = options.extend
    ? await db.query(`UPDATE console_sessions s SET last_seen_at = now() FROM console_users u WHERE ${LIVE} RETURNING s.email, $2::int AS idle_left_ms`, [hashOf(id), times.idleMs])
    : await db.query(
        `SELECT s.email, floor(extract(epoch FROM s.last_seen_at + $2::int * interval '1 millisecond' - now()) * 1000) AS idle_left_ms
         FROM console_sessions s JOIN console_users u ON u.email = s.email WHERE ${LIVE}`,
        [hashOf(id), times.idleMs],
      );
  const row = rows[0] === undefined ? null : liveRow.parse(rows[0]);
  if (row === null) await db.query('DELETE FROM console_sessions WHERE id_hash = $1', [hashOf(id)]);
  return row === null ? null : { email: row.email, idleLeftMs: Math.max(0, row.idle_left_ms) };
}

/**
 * Ends every session of `email` (disabled, or their grants changed: ASVS asks for a new session on a
 * privilege change), but the one whose id is `keep` (a person who changed their own password stays).
 */
export async function endSessionsOf(db: Queryable, email: string, keep?: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE email = $1 AND id_hash <> $2', [email, keep === undefined ? '' : hashOf(keep)]);
}

/** Whether the session still exists (whatever its clocks say). */
export async function findSession(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM console_sessions WHERE id_hash = $1', [hashOf(id)]);
  return rows.length > 0;
}

export async function endSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE id_hash = $1', [hashOf(id)]);
}
