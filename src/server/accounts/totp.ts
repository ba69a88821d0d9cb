import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/store-db.ts';
import type { SecretKey } from './secret-key.ts';

// docs/accounts.md: TOTP (RFC 6238, the otpauth package) with the parameters every authenticator app
// takes (SHA-1, 6 digits, 30 seconds), a 160-bit secret sealed under the server's secret key. A code is
// accepted one step either side of now (clock drift), once: the step it was made for must be newer than
// the last one accepted, in the statement that records it, so a code seen over a shoulder or replayed
// within its window is refused. Recovery codes: 10, each about 49 random bits, kept as HMACs, used once.

export const TOTP_ISSUER = 'Order Console';
const PERIOD = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
// 31 letters and digits, none that read alike (no 0/o, 1/l/i): 10 of them are about 49 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export class TotpError extends Error {}

const totpFor = (email: string, secret: Secret) => new TOTP({ issuer: TOTP_ISSUER, label: email, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret });
/** What a TOTP secret is sealed for: its own account (secret-key.ts binds it in). */
export const totpSealContext = (email: string) => `totp:${email}`;

/** A recovery code as typed: case, spaces and dashes do not matter. */
const normaliseRecoveryCode = (text: string) => text.toLowerCase().replace(/[\s-]+/g, '');

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)] ?? '';
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const secretRow = z.object({ secret_box: z.string(), confirmed_at: z.coerce.date().nullable() });

/**
 * Starts an enrolment (or starts it again): a new secret, unconfirmed until a first code. Refused when
 * TOTP is on already (turn it off first). The secret as the "Setup key" and the otpauth:// URI.
 */
export async function startTotpEnrolment(db: Queryable, key: SecretKey, email: string): Promise<{ setupKey: string; uri: string }> {
  const secret = new Secret({ size: 20 });
  const { rows } = await db.query(
    `INSERT INTO console_totp (email, secret_box) VALUES ($1, $2)
     ON CONFLICT (email) DO UPDATE SET secret_box = EXCLUDED.secret_box, last_step = NULL, created_at = now() WHERE console_totp.confirmed_at IS NULL
     RETURNING email`,
    [email, key.seal(secret.bytes, totpSealContext(email))],
  );
  if (rows[0] === undefined) throw new TotpError('An authenticator app is on already: turn it off first to set up another.');
  return { setupKey: secret.base32, uri: totpFor(email, secret).toString() };
}

interface Opened {
  totp: TOTP;
  confirmed: boolean;
}

/** The person's TOTP, opened; null when they have none, or it cannot be opened with this key (told to `log`). */
async function openTotp(db: Queryable, key: SecretKey, email: string, log: (line: string) => void): Promise<Opened | null> {
  const { rows } = await db.query('SELECT secret_box, confirmed_at FROM console_totp WHERE email = $1', [email]);
  if (rows[0] === undefined) return null;
  const row = secretRow.parse(rows[0]);
  const bytes = key.open(row.secret_box, totpSealContext(email));
  if (bytes === null) {
    log(`totp: the secret of ${email} was sealed under the key ${key.sealedUnder(row.secret_box) ?? '(unknown)'}, not this server's ${key.id} (CONSOLE_SECRET_KEY changed?): remove their second factor so they enrol again`);
    return null;
  }
  return { totp: totpFor(email, new Secret({ buffer: bytes.slice().buffer })), confirmed: row.confirmed_at !== null };
}

/** The time step `code` was made for (within one of now), or null. */
function stepOf(totp: TOTP, code: string): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}

/** Records `step` as used, only if it is newer than the last one: false for a code used before. */
async function takeStep(db: Queryable, email: string, step: number, confirm: boolean): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE console_totp SET last_step = $2, confirmed_at = CASE WHEN $3 THEN now() ELSE confirmed_at END
     WHERE email = $1 AND (last_step IS NULL OR last_step < $2) AND (confirmed_at IS NULL) = $3
     RETURNING email`,
    [email, step, confirm],
  );
  return rows[0] !== undefined;
}

/**
 * Finishes an enrolment with a first code from the app: TOTP is on, and the 10 recovery codes made
 * (any earlier ones gone) are returned, to be shown once. Null for a wrong code.
 */
export async function confirmTotpEnrolment(db: Database, key: SecretKey, email: string, code: string, log: (line: string) => void): Promise<string[] | null> {
  const opened = await openTotp(db, key, email, log);
  if (opened === null || opened.confirmed) return null;
  const step = stepOf(opened.totp, code.trim());
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const confirmed = await db.transaction(async (tx) => {
    if (!(await takeStep(tx, email, step, true))) return false;
    await tx.query('DELETE FROM console_recovery_codes WHERE email = $1', [email]);
    for (const recovery of codes) await tx.query('INSERT INTO console_recovery_codes (email, code_mac) VALUES ($1, $2)', [email, key.mac(`${email}:${normaliseRecoveryCode(recovery)}`)]);
    return true;
  });
  return confirmed ? codes : null;
}

export type CodeKind = 'totp' | 'recovery_code';

/** A code typed at sign-in: a TOTP code of the person's app, or one of their recovery codes; each accepted once. */
export async function useSecondFactorCode(db: Queryable, key: SecretKey, email: string, typed: string, log: (line: string) => void): Promise<CodeKind | null> {
  const code = typed.trim();
  if (/^[0-9]{6}$/.test(code.replace(/\s/g, ''))) {
    const opened = await openTotp(db, key, email, log);
    const step = opened?.confirmed === true ? stepOf(opened.totp, code.replace(/\s/g, '')) : null;
    return step !== null && (await takeStep(db, email, step, false)) ? 'totp' : null;
  }
  const recovery = normaliseRecoveryCode(code);
  if (!/^[a-z0-9]{10}$/.test(recovery)) return null;
  const { rows } = await db.query(
    `UPDATE console_recovery_codes SET used_at = now()
     WHERE email = $1 AND code_mac = $2 AND used_at IS NULL AND EXISTS (SELECT 1 FROM console_totp t WHERE t.email = $1 AND t.confirmed_at IS NOT NULL)
     RETURNING email`,
    [email, key.mac(`${email}:${recovery}`)],
  );
  return rows[0] === undefined ? null : 'recovery_code';
}

const countRow = z.object({ left: z.coerce.number().int() });

export async function recoveryCodesLeft(db: Queryable, email: string): Promise<number> {
  const { rows } = await db.query('SELECT count(*) AS left FROM console_recovery_codes WHERE email = $1 AND used_at IS NULL', [email]);
  return countRow.parse(rows[0]).left;
}

/** Turns TOTP off (or drops an enrolment not finished): the secret and the recovery codes go. True when it was on. */
export async function removeTotp(db: Queryable, email: string): Promise<boolean> {
  await db.query('DELETE FROM console_recovery_codes WHERE email = $1', [email]);
  const { rows } = await db.query('DELETE FROM console_totp WHERE email = $1 RETURNING confirmed_at IS NOT NULL AS was_on', [email]);
  return rows.some((row) => z.object({ was_on: z.boolean() }).parse(row).was_on);
}
