import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { KeyText, KeyVariables } from '../key-file.ts';
import { besideConsoleDb, configuredKeyText, keptKeyText, newKeyText } from '../key-file.ts';

// docs/accounts.md, "Secrets at rest": what a copy of the console's database must not give away. A TOTP
// secret is sealed with AES-256-GCM, its account's e-mail bound in as associated data (a sealed secret
// moved to another row does not open); a recovery code is kept as an HMAC-SHA-256. Both keys are derived
// (HKDF-SHA-256) from CONSOLE_SECRET_KEY, a key of its own and not the audit key: whoever verifies the
// audit log holds that one, and must not be able to make anyone's codes from a copy of the database.

export const MIN_SECRET_KEY_CHARS = 32;
const SEALED = /^v1\.([0-9a-f]{16})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

export interface SecretKey {
  /** A short name of the key (not the key): which key a secret was sealed under. */
  id: string;
  /** `plain` sealed for `context` (e.g. the account's e-mail), as text. */
  seal(plain: Uint8Array, context: string): string;
  /** The sealed bytes, or null when they were sealed under another key or for another context, or changed. */
  open(sealed: string, context: string): Uint8Array | null;
  /** HMAC-SHA-256 of `data`, hex: what is kept of a recovery code. */
  mac(data: string): string;
  /** Which key `sealed` names (null: not a sealed value). */
  sealedUnder(sealed: string): string | null;
}

const derive = (secret: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', secret, 'order-console', purpose, 32));

export function secretKeyFromText(text: string, source: string): SecretKey {
  const secret = text.trim();
  if (secret.length < MIN_SECRET_KEY_CHARS) throw new SecretKeyError(`${source}: the secret key must be at least ${MIN_SECRET_KEY_CHARS} characters (generate one with: openssl rand -base64 32)`);
  const bytes = Buffer.from(secret, 'utf8');
  const sealKey = derive(bytes, 'totp secrets v1');
  const macKey = derive(bytes, 'recovery codes v1');
  const id = createHmac('sha256', derive(bytes, 'key id')).update('order-console secret key id').digest('hex').slice(0, 16);
  return {
    id,
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return `v1.${id}.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
    },
    open(sealed, context) {
      const match = SEALED.exec(sealed);
      if (match === null || match[1] !== id) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey, Buffer.from(match[2] ?? '', 'base64url'));
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(match[4] ?? '', 'base64url'));
        return new Uint8Array(Buffer.concat([decipher.update(Buffer.from(match[3] ?? '', 'base64url')), decipher.final()]));
      } catch {
        return null;
      }
    },
    mac: (data) => createHmac('sha256', macKey).update(data, 'utf8').digest('hex'),
    sealedUnder: (sealed) => SEALED.exec(sealed)?.[1] ?? null,
  };
}

const SECRET_KEY_VARIABLES: KeyVariables = { variable: 'CONSOLE_SECRET_KEY', fail: (message) => new SecretKeyError(message) };
const fromKeyText = (key: KeyText) => secretKeyFromText(key.text, key.source);

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The server's secret key (local sign-in): CONSOLE_SECRET_KEY or CONSOLE_SECRET_KEY_FILE; beyond loopback
 * none is an error; on loopback the one kept beside the console database (`.data/console.secret-key`),
 * made the first time; a console in memory gets one for its lifetime.
 */
export function serverSecretKey(env: Env, options: { loopback: boolean; consoleDb: string; log: (line: string) => void }): SecretKey {
  const configured = configuredKeyText(env, SECRET_KEY_VARIABLES);
  if (configured !== null) return fromKeyText(configured);
  if (!options.loopback) {
    throw new SecretKeyError('team mode with local sign-in beyond this machine needs a key the database does not hold for second factors: set CONSOLE_SECRET_KEY (or CONSOLE_SECRET_KEY_FILE) to at least 32 random characters (openssl rand -base64 32)');
  }
  const path = besideConsoleDb(options.consoleDb, '.secret-key');
  if (path === null) return secretKeyFromText(newKeyText(), 'generated');
  return fromKeyText(
    keptKeyText(path, 'the generated secret key', SECRET_KEY_VARIABLES.fail, (made) =>
      options.log(`Secret key: none set, so one was generated and kept in ${made} (readable by this user only). Keep it with the database's backups, away from the database; set CONSOLE_SECRET_KEY or CONSOLE_SECRET_KEY_FILE to use your own`),
    ),
  );
}
