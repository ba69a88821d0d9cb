import { z } from 'zod';
import type { Database, Queryable } from '../db/store-db.ts';

// docs/decisions.md D16 and its tightening: every sign-in attempt is counted BEFORE the password (or a
// second factor) is checked, in the database, in one transaction that reserves it on the account's
// and the address's counters at once. A reservation counts as a failure until it is settled, so
// however many attempts arrive together, from one process or several, at most the limit is
// evaluated; the rest are refused without any password work.
//
// The account (PCI DSS v4.0 8.3.4): after ACCOUNT_LIMIT failed attempts in a row it is locked for
// ACCOUNT_LOCK_MS, or until an admin unlocks it. The address: ADDRESS_LIMIT failed attempts within
// ADDRESS_WINDOW_MS, then refused until that window ends; it is kept higher than the account's (an
// office behind one address has several people) and it never locks an account, so one address can
// lock at most ADDRESS_LIMIT / ACCOUNT_LIMIT accounts a window.

export const ACCOUNT_LIMIT = 10;
export const ACCOUNT_LOCK_MS = 30 * 60_000;
export const ADDRESS_LIMIT = 20;
export const ADDRESS_WINDOW_MS = 15 * 60_000;
/** Counters not touched for this long and not locked are of no use: deleted as the table is written. */
const FORGET_AFTER_MS = 24 * 3_600_000;

interface Counter {
  key: string;
  limit: number;
  /** How long the counter stays locked once it reaches its limit. */
  lockMs: number;
  /** Failures older than this start a new count; null: they count until a success (the account). */
  windowMs: number | null;
}

const accountKey = (email: string) => `account:${email}`;

const countersOf = (email: string, address: string | null): Counter[] => [
  ...(address === null ? [] : [{ key: `address:${address}`, limit: ADDRESS_LIMIT, lockMs: ADDRESS_WINDOW_MS, windowMs: ADDRESS_WINDOW_MS }]),
  { key: accountKey(email), limit: ACCOUNT_LIMIT, lockMs: ACCOUNT_LOCK_MS, windowMs: null },
];

/** An attempt counted before its check; settle it once with one of the settle functions below. */
export interface SignInAttempt {
  readonly email: string;
  readonly keys: readonly string[];
  /** This attempt took the account to its limit: if it fails, the account is locked from now on. */
  readonly locksIfFailed: boolean;
}

export type Reservation =
  | { ok: true; attempt: SignInAttempt }
  | { ok: false; retryAfterSeconds: number; /** The account is locked (else the address is throttled). */ accountLocked: boolean };

// One statement per counter: the row is locked while it is read and written (ON CONFLICT DO UPDATE),
// so two reservations never read the same count, on PGlite or across PostgreSQL sessions. A locked
// counter is left as it is (the WHERE) and nothing is returned.
const RESERVE = `
INSERT INTO console_sign_in_limits AS t (key, failures, window_start, locked_until, updated_at)
VALUES ($1, 1, now(), CASE WHEN 1 >= $2::int THEN now() + $3::int * interval '1 millisecond' END, now())
ON CONFLICT (key) DO UPDATE SET
  failures = CASE WHEN t.locked_until <= now() OR t.window_start <= now() - $4::int * interval '1 millisecond' THEN 1 ELSE t.failures + 1 END,
  window_start = CASE WHEN t.locked_until <= now() OR t.window_start <= now() - $4::int * interval '1 millisecond' THEN now() ELSE t.window_start END,
  locked_until = CASE
    WHEN t.locked_until <= now() OR t.window_start <= now() - $4::int * interval '1 millisecond' THEN (CASE WHEN 1 >= $2::int THEN now() + $3::int * interval '1 millisecond' END)
    WHEN t.failures + 1 >= $2::int THEN now() + $3::int * interval '1 millisecond'
  END,
  updated_at = now()
WHERE t.locked_until IS NULL OR t.locked_until <= now()
RETURNING failures`;

/** No window: a span no failure outlives (int milliseconds, about 24 days). */
const NO_WINDOW_MS = 2_000_000_000;

/** What a refused attempt is told (the sign-in page, a password confirmed on /account). */
export function throttledMessage(seconds: number, accountLocked: boolean): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return accountLocked
    ? `Too many failed sign-ins: this account is locked. Try again in ${wait}, or ask an admin to unlock it.`
    : `Too many failed sign-ins from this address. Try again in ${wait}.`;
}

const reservedRow = z.object({ failures: z.coerce.number().int() });
const waitRow = z.object({ key: z.string(), seconds: z.coerce.number() });

class Refused extends Error {}

/**
 * Counts one attempt for `email` (as typed, lower case) from `address` before anything is checked.
 * Refused: the account is locked or the address throttled, and nothing may be checked.
 */
export async function reserveSignInAttempt(db: Database, who: { email: string; address: string | null }): Promise<Reservation> {
  const counters = countersOf(who.email, who.address);
  try {
    const failures = await db.transaction(async (tx) => {
      let accountFailures = 0;
      for (const counter of counters) {
        const { rows } = await tx.query(RESERVE, [counter.key, counter.limit, counter.lockMs, counter.windowMs ?? NO_WINDOW_MS]);
        if (rows[0] === undefined) throw new Refused();
        accountFailures = reservedRow.parse(rows[0]).failures;
      }
      return accountFailures;
    });
    return { ok: true, attempt: { email: who.email, keys: counters.map((c) => c.key), locksIfFailed: failures >= ACCOUNT_LIMIT } };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
  const { rows } = await db.query(
    `SELECT key, ceil(extract(epoch FROM locked_until - now())) AS seconds FROM console_sign_in_limits WHERE key = ANY($1::text[]) AND locked_until > now()`,
    [counters.map((c) => c.key)],
  );
  const waits = rows.map((row) => waitRow.parse(row));
  const account = waits.find((w) => w.key === accountKey(who.email));
  const longest = Math.max(1, ...waits.map((w) => w.seconds));
  return { ok: false, retryAfterSeconds: longest, accountLocked: account !== undefined };
}

/** The attempt was wrong: it stays counted (and locks the account when it was the last one allowed). */
export async function settleFailed(db: Queryable, attempt: SignInAttempt): Promise<{ accountLocked: boolean }> {
  await db.query(`DELETE FROM console_sign_in_limits WHERE updated_at < now() - $1::int * interval '1 millisecond' AND (locked_until IS NULL OR locked_until < now())`, [FORGET_AFTER_MS]);
  return { accountLocked: attempt.locksIfFailed };
}

const GIVE_BACK = `
UPDATE console_sign_in_limits AS t SET
  failures = greatest(t.failures - 1, 0),
  locked_until = CASE WHEN t.failures - 1 >= (CASE WHEN t.key LIKE 'account:%' THEN $2::int ELSE $3::int END) THEN t.locked_until END,
  updated_at = now()
WHERE t.key = ANY($1::text[])`;

/**
 * One check passed but the person is not signed in yet (a password right, a second factor to come):
 * the reservation is given back and earlier failures stay, so the next step is counted on its own.
 */
export async function settleStepPassed(db: Queryable, attempt: SignInAttempt): Promise<void> {
  await db.query(GIVE_BACK, [attempt.keys, ACCOUNT_LIMIT, ADDRESS_LIMIT]);
}

/** Signed in: the account's failures are forgotten, the address's reservation given back. */
export async function settleSignedIn(db: Queryable, attempt: SignInAttempt): Promise<void> {
  const account = accountKey(attempt.email);
  await db.query('DELETE FROM console_sign_in_limits WHERE key = $1', [account]);
  await db.query(GIVE_BACK, [attempt.keys.filter((key) => key !== account), ACCOUNT_LIMIT, ADDRESS_LIMIT]);
}

const unlockedRow = z.object({ locked: z.boolean() });

/** An admin confirmed who the person is: the account's failures and lock are forgotten. True if it was locked. */
export async function unlockAccount(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query('DELETE FROM console_sign_in_limits WHERE key = $1 RETURNING coalesce(locked_until > now(), false) AS locked', [accountKey(email)]);
  return rows.some((row) => unlockedRow.parse(row).locked);
}

const lockRow = z.object({ email: z.string(), locked_until: z.coerce.date() });

/** The accounts locked now and until when (the users page shows them). */
export async function lockedAccounts(db: Queryable): Promise<Map<string, Date>> {
  const { rows } = await db.query(`SELECT substr(key, 9) AS email, locked_until FROM console_sign_in_limits WHERE key LIKE 'account:%' AND locked_until > now()`);
  return new Map(rows.map((row) => lockRow.parse(row)).map((row) => [row.email, row.locked_until]));
}
