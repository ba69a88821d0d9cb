// docs/accounts.md: the accounts' own tables in the console's database, numbered migrations of
// console-db.ts. Everything of a person's account refers to their row and goes with it when they are
// removed (ON DELETE CASCADE); the audit and the approvals keep their name as text.

/** Passwords: an admin-set one must be changed at first sign-in; reset links, kept only as hashes. */
export const PASSWORD_MIGRATION = `
ALTER TABLE console_users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
CREATE TABLE console_password_resets (
  token_hash text PRIMARY KEY,
  email text NOT NULL REFERENCES console_users (email) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX console_password_resets_email ON console_password_resets (email);`;

/**
 * TOTP (RFC 6238): the secret sealed (secret-key.ts), unconfirmed until a first code; `last_step`, the
 * newest time step a code was accepted for, refuses a code used again. Recovery codes as HMACs. A
 * sign-in waiting for its second factor, under a cookie, for a few minutes.
 */
export const TOTP_MIGRATION = `
CREATE TABLE console_totp (
  email text PRIMARY KEY REFERENCES console_users (email) ON DELETE CASCADE,
  secret_box text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE console_recovery_codes (
  email text NOT NULL REFERENCES console_users (email) ON DELETE CASCADE,
  code_mac text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (email, code_mac)
);
CREATE TABLE console_sign_in_steps (
  id_hash text PRIMARY KEY,
  email text NOT NULL REFERENCES console_users (email) ON DELETE CASCADE,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX console_sign_in_steps_expires_at ON console_sign_in_steps (expires_at);`;

/**
 * Passkeys (WebAuthn): the credential's id, its public key and signature counter, a name the person gave
 * it. Challenges kept for a few minutes, under the person (adding one) or a signing-in browser's cookie.
 */
export const PASSKEY_MIGRATION = `
CREATE TABLE console_passkeys (
  id text PRIMARY KEY,
  email text NOT NULL REFERENCES console_users (email) ON DELETE CASCADE,
  name text NOT NULL,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX console_passkeys_email ON console_passkeys (email);
CREATE TABLE console_webauthn_challenges (
  key text PRIMARY KEY,
  challenge text NOT NULL,
  expires_at timestamptz NOT NULL
);`;
