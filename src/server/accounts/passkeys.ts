import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/store-db.ts';

// docs/accounts.md: passkeys (WebAuthn) kept as the public key, the signature counter and the transports
// the authenticator named; nothing here signs anything. A challenge is kept server-side, once per
// purpose and owner, for a few minutes, and taken (deleted) by the check that uses it, so an answer
// cannot be sent twice.

export const CHALLENGE_MS = 5 * 60_000;

export interface StoredPasskey {
  id: string;
  email: string;
  name: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const passkeyRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  public_key: z.string(),
  counter: z.coerce.number().int().nonnegative(),
  transports: z.string(),
  created_at: z.coerce.date(),
  last_used_at: z.coerce.date().nullable(),
});

function toPasskey(row: unknown): StoredPasskey {
  const r = passkeyRow.parse(row);
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    publicKey: new Uint8Array(Buffer.from(r.public_key, 'base64url')),
    counter: r.counter,
    transports: r.transports === '' ? [] : r.transports.split(','),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
  };
}

export async function passkeysOf(db: Queryable, email: string): Promise<StoredPasskey[]> {
  const { rows } = await db.query('SELECT * FROM console_passkeys WHERE email = $1 ORDER BY created_at, id', [email]);
  return rows.map(toPasskey);
}

export async function findPasskey(db: Queryable, id: string): Promise<StoredPasskey | null> {
  const { rows } = await db.query('SELECT * FROM console_passkeys WHERE id = $1', [id]);
  return rows[0] === undefined ? null : toPasskey(rows[0]);
}

export async function addPasskey(db: Queryable, passkey: { id: string; email: string; name: string; publicKey: Uint8Array; counter: number; transports: readonly string[] }): Promise<void> {
  await db.query('INSERT INTO console_passkeys (id, email, name, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5, $6)', [
    passkey.id,
    passkey.email,
    passkey.name,
    Buffer.from(passkey.publicKey).toString('base64url'),
    passkey.counter,
    passkey.transports.join(','),
  ]);
}

/** After a sign-in: the authenticator's new counter (a cloned authenticator shows an old one and is refused). */
export async function notePasskeyUse(db: Queryable, id: string, counter: number): Promise<void> {
  await db.query('UPDATE console_passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [id, counter]);
}

/** The person's own passkey removed; false when they have none of that id. */
export async function removePasskey(db: Queryable, email: string, id: string): Promise<string | null> {
  const { rows } = await db.query('DELETE FROM console_passkeys WHERE email = $1 AND id = $2 RETURNING name', [email, id]);
  return rows[0] === undefined ? null : z.object({ name: z.string() }).parse(rows[0]).name;
}

/** Every passkey of the account (an admin removed its second factors); how many there were. */
export async function removePasskeys(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query('DELETE FROM console_passkeys WHERE email = $1 RETURNING id', [email]);
  return rows.length;
}

const hashOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A challenge's owner: a person adding a passkey (their e-mail), or a browser signing in (its cookie's random id). */
export type ChallengeOwner = { purpose: 'register'; email: string } | { purpose: 'sign_in'; browser: string };
const keyOf = (owner: ChallengeOwner) => (owner.purpose === 'register' ? `register:${owner.email}` : `sign_in:${hashOf(owner.browser)}`);

/** A new random id for a signing-in browser's cookie. */
export const newBrowserId = () => randomBytes(32).toString('base64url');

/** Keeps `challenge` for `owner`, replacing one it had. */
export async function keepChallenge(db: Queryable, owner: ChallengeOwner, challenge: string): Promise<void> {
  await db.query('DELETE FROM console_webauthn_challenges WHERE expires_at < now()');
  await db.query(
    `INSERT INTO console_webauthn_challenges (key, challenge, expires_at) VALUES ($1, $2, now() + $3::int * interval '1 millisecond')
     ON CONFLICT (key) DO UPDATE SET challenge = EXCLUDED.challenge, expires_at = EXCLUDED.expires_at`,
    [keyOf(owner), challenge, CHALLENGE_MS],
  );
}

/** The owner's challenge, taken: it answers once. Null when there is none or it ran out. */
export async function takeChallenge(db: Queryable, owner: ChallengeOwner): Promise<string | null> {
  const { rows } = await db.query('DELETE FROM console_webauthn_challenges WHERE key = $1 RETURNING challenge, expires_at > now() AS fresh', [keyOf(owner)]);
  if (rows[0] === undefined) return null;
  const row = z.object({ challenge: z.string(), fresh: z.boolean() }).parse(rows[0]);
  return row.fresh ? row.challenge : null;
}
