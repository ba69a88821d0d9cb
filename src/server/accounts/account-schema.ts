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
