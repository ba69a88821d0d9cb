import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { grantSchema } from '../../contract/grants.ts';
import type { Grant } from '../../contract/permissions.ts';
import { formatGrant } from '../../contract/permissions.ts';
import type { Queryable } from '../../db/store-db.ts';
import type { ServiceAccountSummary } from '../../contract/service-accounts.ts';
import { SERVICE_ACCOUNT_NAME_PATTERN } from '../../contract/service-accounts.ts';

// Service accounts: the PSP's own systems calling the Order Service through the console (the gateway,
// docs/order-index.md and README). Each has a name, grants as a person has, and one API key, shown once
// when made or rotated. The key is 32 random bytes (256 bits), so it is kept as its SHA-256: a memory-
// hard KDF (scrypt, as for passwords) guards a guessable secret and would cost every call tens of
// milliseconds; a key no one can guess needs only a hash no one can invert, and the lookup stays one
// indexed read. The database holds the hash and the key's first characters (to tell keys apart on the
// Users page), never the key.

export const SERVICE_ACCOUNTS_MIGRATION = `
  CREATE TABLE console_service_accounts (
    name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
    grants text[] NOT NULL,
    key_hash text NOT NULL UNIQUE,
    key_hint text NOT NULL,
    status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
    created_at timestamptz NOT NULL DEFAULT now(),
    key_created_at timestamptz NOT NULL DEFAULT now(),
    revoked_at timestamptz,
    last_used_at timestamptz
  );
`;

/** A key's prefix: says what it is wherever it turns up (a secret scanner, a config file). */
export const KEY_PREFIX = 'ocsk_';
const HINT_CHARS = KEY_PREFIX.length + 6;


export interface ServiceAccount {
  name: string;
  grants: Grant[];
  status: 'active' | 'revoked';
  keyHint: string;
  createdAt: string;
  keyCreatedAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export class ServiceAccountError extends Error {}

const rowSchema = z.object({
  name: z.string(),
  grants: z.array(grantSchema),
  status: z.enum(['active', 'revoked']),
  key_hint: z.string(),
  created_at: z.string(),
  key_created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;
const COLUMNS = `name, grants, status, key_hint, ${['created_at', 'key_created_at', 'revoked_at', 'last_used_at'].map(iso).join(', ')}`;

const toAccount = (row: unknown): ServiceAccount => {
  const r = rowSchema.parse(row);
  return { name: r.name, grants: r.grants, status: r.status, keyHint: r.key_hint, createdAt: r.created_at, keyCreatedAt: r.key_created_at, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at };
};

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

function newKey(): { key: string; hash: string; hint: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashKey(key), hint: `${key.slice(0, HINT_CHARS)}…` };
}

export async function listServiceAccounts(db: Queryable): Promise<ServiceAccount[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_service_accounts ORDER BY name`);
  return rows.map(toAccount);
}

/** Makes the account and its key; the key is in the answer and nowhere else. */
export async function addServiceAccount(db: Queryable, name: string, grants: readonly Grant[]): Promise<{ account: ServiceAccount; key: string }> {
  if (!SERVICE_ACCOUNT_NAME_PATTERN.test(name)) throw new ServiceAccountError(`"${name}" is not a service account name: lower-case letters, digits and dashes, at most 40`);
  const made = newKey();
  const { rows } = await db.query(
    `INSERT INTO console_service_accounts (name, grants, key_hash, key_hint) VALUES ($1, $2::text[], $3, $4) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
    [name, grants.map(formatGrant), made.hash, made.hint],
  );
  if (rows[0] === undefined) throw new ServiceAccountError(`the service account ${name} exists already (rotate its key instead)`);
  return { account: toAccount(rows[0]), key: made.key };
}

/** A new key for the account; the old one stops working at once. A revoked account is active again with it. */
export async function rotateServiceKey(db: Queryable, name: string): Promise<{ account: ServiceAccount; key: string }> {
  const made = newKey();
  const { rows } = await db.query(
    `UPDATE console_service_accounts SET key_hash = $2, key_hint = $3, key_created_at = now(), status = 'active', revoked_at = NULL WHERE name = $1 RETURNING ${COLUMNS}`,
    [name, made.hash, made.hint],
  );
  if (rows[0] === undefined) throw new ServiceAccountError(`no service account ${name}`);
  return { account: toAccount(rows[0]), key: made.key };
}

export async function revokeServiceAccount(db: Queryable, name: string): Promise<ServiceAccount> {
  const { rows } = await db.query(`UPDATE console_service_accounts SET status = 'revoked', revoked_at = coalesce(revoked_at, now()) WHERE name = $1 RETURNING ${COLUMNS}`, [name]);
  if (rows[0] === undefined) throw new ServiceAccountError(`no service account ${name}`);
  return toAccount(rows[0]);
}

/** The account a presented key belongs to (active or revoked), or null for a key nobody has. */
export async function accountOfKey(db: Queryable, key: string): Promise<ServiceAccount | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM console_service_accounts WHERE key_hash = $1`, [hashKey(key)]);
  return rows[0] === undefined ? null : toAccount(rows[0]);
}

/** Marks the account used now, at most once a minute (the Users page shows it; stale keys stand out). */
export async function markUsed(db: Queryable, name: string): Promise<void> {
  await db.query(`UPDATE console_service_accounts SET last_used_at = now() WHERE name = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, [name]);
}

export const accountSummary = (account: ServiceAccount): ServiceAccountSummary => ({
  name: account.name,
  grants: account.grants.map(formatGrant),
  status: account.status,
  key_hint: account.keyHint,
  created_at: account.createdAt,
  key_created_at: account.keyCreatedAt,
  revoked_at: account.revokedAt,
  last_used_at: account.lastUsedAt,
});
