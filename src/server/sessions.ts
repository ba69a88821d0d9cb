import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/store-db.ts';

// docs/decisions.md D16: a session is a random id in an HttpOnly cookie; the database keeps only its
// SHA-256, so a copy of the database signs nobody in. Idle timeout (CONSOLE_SESSION_IDLE) and
// absolute timeout (CONSOLE_SESSION_MAX) are checked in the same statement that marks the session
// seen, so two processes on one database agree on them.

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

const liveRow = z.object({ email: z.string() });

/**
 * The e-mail of the session's active user, marking the session seen; null when the id is unknown,
 * the session idled out or reached its absolute end, or the user is disabled (then it is deleted).
 */
export async function touchSession(db: Queryable, id: string, times: SessionTimes): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const { rows } = await db.query(
    `UPDATE console_sessions s SET last_seen_at = now()
     FROM console_users u
     WHERE s.id_hash = $1 AND u.email = s.email AND u.status = 'active'
       AND s.last_seen_at > now() - $2::int * interval '1 millisecond' AND s.expires_at > now()
     RETURNING s.email`,
    [hashOf(id), times.idleMs],
  );
  const row = rows[0] === undefined ? null : liveRow.parse(rows[0]);
  if (row === null) await db.query('DELETE FROM console_sessions WHERE id_hash = $1', [hashOf(id)]);
  return row?.email ?? null;
}

export async function endSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM console_sessions WHERE id_hash = $1', [hashOf(id)]);
}
