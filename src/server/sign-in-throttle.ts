import { z } from 'zod';
import type { Queryable } from '../db/store-db.ts';

// docs/decisions.md D16: failed sign-ins are throttled per account and per address, in the database, so
// every console process counts the same failures. Within WINDOW, an account may fail ACCOUNT_LIMIT
// times and an address ADDRESS_LIMIT times (an office behind one address has several people); then
// sign-ins for it are refused with 429 and Retry-After until the oldest failure leaves the window.

const WINDOW_MS = 15 * 60_000;
export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;

const countRow = z.object({ failures: z.coerce.number().int(), oldest: z.coerce.date().nullable() });

const keys = (email: string, address: string | null) => [
  { key: `account:${email}`, limit: ACCOUNT_LIMIT },
  ...(address === null ? [] : [{ key: `address:${address}`, limit: ADDRESS_LIMIT }]),
];

/** Seconds to wait before trying again, or null when a sign-in may be tried now. */
export async function throttledFor(db: Queryable, email: string, address: string | null): Promise<number | null> {
  let wait: number | null = null;
  for (const { key, limit } of keys(email, address)) {
    const { rows } = await db.query(
      `SELECT count(*) AS failures, min(at) AS oldest FROM (
         SELECT at FROM console_sign_in_failures WHERE key = $1 AND at > now() - $2::int * interval '1 millisecond' ORDER BY at DESC LIMIT $3::int
       ) recent`,
      [key, WINDOW_MS, limit],
    );
    const { failures, oldest } = countRow.parse(rows[0]);
    if (failures >= limit && oldest !== null) {
      const seconds = Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - Date.now()) / 1000));
      wait = Math.max(wait ?? 0, seconds);
    }
  }
  return wait;
}

export async function recordFailure(db: Queryable, email: string, address: string | null): Promise<void> {
  for (const { key } of keys(email, address)) await db.query('INSERT INTO console_sign_in_failures (key) VALUES ($1)', [key]);
  // Old rows are of no use: kept bounded as the table is written.
  await db.query(`DELETE FROM console_sign_in_failures WHERE at < now() - $1::int * interval '1 millisecond'`, [WINDOW_MS * 2]);
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM console_sign_in_failures WHERE key = $1', [`account:${email}`]);
}
