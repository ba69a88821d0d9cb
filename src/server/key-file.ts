import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isDatabaseUrl } from '../db/store-open.ts';

// The server's keys that the console's database must not hold (the audit chain's, audit/audit-key.ts;
// the one that seals second factors, accounts/secret-key.ts): each from a variable, or a file a
// variable names; on loopback without either, one made once and kept in a file beside the database.

/** A key as text and where it came from (for messages). */
export interface KeyText {
  text: string;
  source: string;
}

export interface KeyVariables {
  /** The variable holding the key (`CONSOLE_AUDIT_KEY`); the one naming a file is this + `_FILE`. */
  variable: string;
  /** Refusals as the caller's error type. */
  fail: (message: string) => Error;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A new random key, as text (32 bytes, base64url). */
export const newKeyText = () => randomBytes(32).toString('base64url');

/** A file beside the console database (`.data/console` + suffix; for PostgreSQL, beside the default one's place); none for a database in memory. */
export function besideConsoleDb(consoleDb: string, suffix: string): string | null {
  if (consoleDb === ':memory:') return null;
  return `${resolve(isDatabaseUrl(consoleDb) ? '.data/console' : consoleDb)}${suffix}`;
}

export function readKeyFile(path: string, source: string, fail: KeyVariables['fail']): KeyText {
  try {
    return { text: readFileSync(path, 'utf8'), source: `${source} (${path})` };
  } catch (error) {
    throw fail(`${source}: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The key the operator configured (the variable, or the file it names), or null when they set neither. */
export function configuredKeyText(env: Env, key: KeyVariables): KeyText | null {
  const fileVariable = `${key.variable}_FILE`;
  const text = env[key.variable]?.trim() || undefined;
  const file = env[fileVariable]?.trim() || undefined;
  if (text !== undefined && file !== undefined) throw key.fail(`set ${key.variable} or ${fileVariable}, not both`);
  if (text !== undefined) return { text, source: key.variable };
  if (file !== undefined) return readKeyFile(file, fileVariable, key.fail);
  return null;
}

/**
 * The key kept in `path`, made there the first time (readable by this user only). `wx`: two consoles
 * starting together on one database never each keep a key of their own. `made` is told the path when
 * this call made it.
 */
export function keptKeyText(path: string, source: string, fail: KeyVariables['fail'], made: (path: string) => void): KeyText {
  try {
    return readKeyFile(path, source, fail);
  } catch (error) {
    if (!/ENOENT/.test(error instanceof Error ? error.message : '')) throw error;
  }
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(path, `${newKeyText()}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600);
    made(path);
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  return readKeyFile(path, source, fail);
}
