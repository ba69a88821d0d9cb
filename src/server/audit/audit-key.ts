import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isDatabaseUrl } from '../../db/store-open.ts';

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

/** A new random key, as text. */
export const newAuditKeyText = () => randomBytes(32).toString('base64url');

/** A file beside the console database (`.data/console` + suffix; for PostgreSQL, beside the default one's place); none for a database in memory. */
export function besideConsoleDb(consoleDb: string, suffix: string): string | null {
  if (consoleDb === ':memory:') return null;
  return `${resolve(isDatabaseUrl(consoleDb) ? '.data/console' : consoleDb)}${suffix}`;
}

/** Where a console without a configured key keeps the one it generated: `.data/console.audit-key`. */
export const generatedKeyPath = (consoleDb: string) => besideConsoleDb(consoleDb, '.audit-key');

function readKeyFile(path: string, source: string): AuditKey {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AuditKeyError(`${source}: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
  return auditKeyFromText(text, `${source} (${path})`);
}

type Env = Readonly<Record<string, string | undefined>>;

/** The key the operator configured, or null when they set none (CONSOLE_AUDIT_KEY, CONSOLE_AUDIT_KEY_FILE). */
export function configuredAuditKey(env: Env): AuditKey | null {
  const text = env['CONSOLE_AUDIT_KEY']?.trim() || undefined;
  const file = env['CONSOLE_AUDIT_KEY_FILE']?.trim() || undefined;
  if (text !== undefined && file !== undefined) throw new AuditKeyError('set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE, not both');
  if (text !== undefined) return auditKeyFromText(text, 'CONSOLE_AUDIT_KEY');
  if (file !== undefined) return readKeyFile(file, 'CONSOLE_AUDIT_KEY_FILE');
  return null;
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
    return auditKeyFromText(newAuditKeyText(), 'generated');
  }
  try {
    return readKeyFile(path, 'the generated audit key');
  } catch (error) {
    if (!(error instanceof AuditKeyError) || !/ENOENT/.test(error.message)) throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  // `wx`: two consoles starting together on one database never each keep a key of their own.
  try {
    writeFileSync(path, `${newAuditKeyText()}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
    options.log(`Audit key: none set, so one was generated and kept in ${path} (readable by this user only). Keep it with the database's backups, away from the database; set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE to use your own`);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return readKeyFile(path, 'the generated audit key');
}

/** The key `npm run audit` verifies with: the configured one, else the one a loopback console generated (never made here). */
export function verifyingAuditKey(env: Env, consoleDb: string): AuditKey | null {
  const configured = configuredAuditKey(env);
  if (configured !== null) return configured;
  const path = generatedKeyPath(consoleDb);
  if (path === null) return null;
  try {
    return readKeyFile(path, 'the generated audit key');
  } catch {
    return null;
  }
}
