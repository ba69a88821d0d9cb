import { createHash } from 'node:crypto';
import type { Grant } from '../contract/permissions.ts';
import { formatGrant } from '../contract/permissions.ts';
import type { Queryable } from '../db/store-db.ts';
import type { ConsoleUser } from './users.ts';
import { emailSchema } from '../contract/users.ts';
import { endSessionsOf } from './sessions.ts';
import { findUser } from './users.ts';

// docs/decisions.md D16 with OIDC: a person is their provider's subject (`sub`), not their e-mail. The
// first sign-in makes their account row (keyed by the e-mail when the provider says it verified it
// and it is free, else a name made from the subject: an unverified address could be anyone's); every
// sign-in sets the roles from the claim, so a change at the provider holds from the next sign-in (and
// ends the person's sessions that had the old ones). A disabled account stays disabled whatever the claim.

const subjectKey = (subject: string) => `${createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 24)}@oidc.invalid`;

export async function upsertOidcUser(db: Queryable, who: { subject: string; email: string | null; emailVerified: boolean }, grants: Grant[]): Promise<ConsoleUser> {
  const texts = grants.map(formatGrant);
  // Roles changed at the provider: the person's other sessions (with the old roles) end.
  const changed = await db.query<{ email: string }>(
    'UPDATE console_users SET grants = $2::text[], updated_at = now() WHERE subject = $1 AND grants IS DISTINCT FROM $2::text[] RETURNING email',
    [who.subject, texts],
  );
  const changedEmail = changed.rows[0]?.email;
  if (changedEmail !== undefined) await endSessionsOf(db, changedEmail);
  let email = changedEmail ?? (await db.query<{ email: string }>('SELECT email FROM console_users WHERE subject = $1', [who.subject])).rows[0]?.email;
  if (email === undefined) {
    const parsed = emailSchema.safeParse(who.emailVerified ? (who.email ?? '') : '');
    const free = parsed.success && (await findUser(db, parsed.data)) === null ? parsed.data : subjectKey(who.subject);
    const inserted = await db.query<{ email: string }>(
      `INSERT INTO console_users (email, password_hash, grants, subject) VALUES ($1, NULL, $2::text[], $3)
       ON CONFLICT (subject) DO UPDATE SET grants = EXCLUDED.grants, updated_at = now() RETURNING email`,
      [free, texts, who.subject],
    );
    email = inserted.rows[0]?.email ?? free;
  }
  const user = await findUser(db, email);
  if (user === null) throw new Error(`the account of ${who.subject} vanished while signing in`);
  return user;
}
