import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KeyText, KeyVariables } from '../key-file.ts';
import { besideConsoleDb, configuredKeyText, keptKeyText, newKeyText, readKeyFile } from '../key-file.ts';

// docs/security.md, "The audit chain is keyed": rows are chained with HMAC-SHA-256 under a key the
// database does not hold, so whoever can write the table (turn the trigger off, change a row, hash
// the rest again) cannot make a chain that verifies. The key comes from CONSOLE_AUDIT_KEY or a file
// (CONSOLE_AUDIT_KEY_FILE). Team mode beyond loopback refuses to start without one; on loopback one
// is generated and kept in a file beside the console database, and a log line says where.

export const MIN_AUDIT_KEY_CHARS = 32;

export class AuditKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuditKeyError';
  }
}

export interface AuditKey {
  /** A short name of the key (not the key): which key a row was chained under. */
  id: string;
  /** HMAC-SHA-256 of `data` under the key, lower-case hex. */
  mac(data: string): string;
}

/** Whether `actual` is `expected` (both hex of one length), compared in constant time. */
export function sameMac(actual: string, expected: string): boolean {
  const a = Buffer.from(actual, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The key given as text (at least MIN_AUDIT_KEY_CHARS characters: 32 random ones carry far more than 128 bits). */
export function auditKeyFromText(text: string, source: string): AuditKey {
  const secret = text.trim();
  if (secret.length < MIN_AUDIT_KEY_CHARS) throw new AuditKeyError(`${source}: the audit key must be at least ${MIN_AUDIT_KEY_CHARS} characters (generate one with: openssl rand -base64 32)`);
  const bytes = Buffer.from(secret, 'utf8');
  const mac = (data: string) => createHmac('sha256', bytes).update(data, 'utf8').digest('hex');
  return { id: mac('order-console audit key id').slice(0, 16), mac };
}

/** Where a console without a configured key keeps the one it generated: `.data/console.audit-key`. */
export const generatedKeyPath = (consoleDb: string) => besideConsoleDb(consoleDb, '.audit-key');

const AUDIT_KEY_VARIABLES: KeyVariables = { variable: 'CONSOLE_AUDIT_KEY', fail: (message) => new AuditKeyError(message) };
const fromKeyText = (key: KeyText) => auditKeyFromText(key.text, key.source);
const readGenerated = (path: string) => fromKeyText(readKeyFile(path, 'the generated audit key', AUDIT_KEY_VARIABLES.fail));

type Env = Readonly<Record<string, string | undefined>>;

/** The key the operator configured, or null when they set none (CONSOLE_AUDIT_KEY, CONSOLE_AUDIT_KEY_FILE). */
export function configuredAuditKey(env: Env): AuditKey | null {
  const configured = configuredKeyText(env, AUDIT_KEY_VARIABLES);
  return configured === null ? null : fromKeyText(configured);
}

/**
 * The server's key: the configured one; beyond loopback none is an error; on loopback the one kept
 * beside the console database, made the first time (a console in memory gets one for its lifetime).
 */
export function serverAuditKey(env: Env, options: { loopback: boolean; consoleDb: string; log: (line: string) => void }): AuditKey {
  const configured = configuredAuditKey(env);
  if (configured !== null) return configured;
  if (!options.loopback) {
    throw new AuditKeyError('team mode beyond this machine needs an audit key the database does not hold: set CONSOLE_AUDIT_KEY (or CONSOLE_AUDIT_KEY_FILE) to at least 32 random characters (openssl rand -base64 32)');
  }
  const path = generatedKeyPath(options.consoleDb);
  if (path === null) {
    options.log('Audit key: none set, so this console (its database in memory) chains its audit log under a key of its own for as long as it runs');
    return auditKeyFromText(newKeyText(), 'generated');
  }
  return fromKeyText(
    keptKeyText(path, 'the generated audit key', AUDIT_KEY_VARIABLES.fail, (made) =>
      options.log(`Audit key: none set, so one was generated and kept in ${made} (readable by this user only). Keep it with the database's backups, away from the database; set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE to use your own`),
    ),
  );
}

/** The key `npm run audit` verifies with: the configured one, else the one a loopback console generated (never made here). */
export function verifyingAuditKey(env: Env, consoleDb: string): AuditKey | null {
  const configured = configuredAuditKey(env);
  if (configured !== null) return configured;
  const path = generatedKeyPath(consoleDb);
  if (path === null) return null;
  try {
    return readGenerated(path);
  } catch {
    return null;
  }
}
