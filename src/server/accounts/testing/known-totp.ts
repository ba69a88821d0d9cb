import { Secret } from 'otpauth';
import type { Queryable } from '../../../db/store-db.ts';
import type { SecretKey } from '../secret-key.ts';
import { totpSealContext } from '../totp.ts';

/**
 * Test support: `email` has an authenticator app whose setup key the tests know (base32), on, as an
 * enrolment leaves it (the secret sealed for the account; no recovery codes).
 */
export async function enrolKnownTotp(db: Queryable, key: SecretKey, email: string, setupKey: string): Promise<void> {
  const sealed = key.seal(Secret.fromBase32(setupKey).bytes, totpSealContext(email));
  await db.query('INSERT INTO console_totp (email, secret_box, confirmed_at) VALUES ($1, $2, now())', [email, sealed]);
}
