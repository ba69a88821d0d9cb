import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// docs/decisions.md D16: passwords hashed with a memory-hard KDF. node:crypto's scrypt (no native
// dependency to build on every Node version): N=2^15, r=8, p=1 is 32 MiB and OWASP's recommended
// minimum for scrypt. Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can rise later.

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** False for a wrong password and for anything that is not a hash this module wrote. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^scrypt\$([0-9]{1,7})\$([0-9]{1,2})\$([0-9]{1,2})\$([A-Za-z0-9+/=]{1,64})\$([A-Za-z0-9+/=]{1,128})$/.exec(stored);
  if (match === null) return false;
  const [, n = '', r = '', p = '', salt = '', key = ''] = match;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of nothing anyone knows: a sign-in for an unknown e-mail spends the same time as a real one. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('base64'));
  return decoy;
}
