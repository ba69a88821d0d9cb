import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../db/store-db.ts';
import { openDatabase } from '../db/store-open.ts';
import { APPROVALS_SCHEMA } from './approvals/approval-schema.ts';
import { ORDER_INDEX_FEEDS_MIGRATION, ORDER_INDEX_INFIX_MIGRATION, ORDER_INDEX_MIGRATION } from './order-index/order-index-schema.ts';
import { REFUND_LEDGER_MIGRATION } from './approvals/refund-ledger.ts';
import { AUDIT_KEY_MIGRATION, AUDIT_SCHEMA_SQL } from './audit/audit-schema.ts';
import { BULK_RUNS_MIGRATION } from './bulk-runs/bulk-run-schema.ts';
import { SERVICE_ACCOUNTS_MIGRATION } from './gateway/service-accounts.ts';
import { SCENARIO_RUNS_MIGRATION } from './scenario-runs/scenario-run-schema.ts';
import { OPS_MIGRATION } from './ops/ops-schema.ts';
import { PASSKEY_MIGRATION, PASSWORD_MIGRATION, TOTP_MIGRATION } from './accounts/account-schema.ts';

// docs/decisions.md D16: the console's own state (users, sessions, sign-in attempts, the audit seam) in its
// own database: CONSOLE_DB (embedded PGlite, default .data/console) or CONSOLE_DATABASE_URL
// (PostgreSQL, several console processes on one team). Nothing of it lives in a process.
// Migrations run in order, each once, inside one transaction holding an advisory lock, so processes
// starting together take turns and the later ones find the schema current (as the sandbox's store).

// pg_advisory_xact_lock's key: any constant the console alone uses ("OCCN" + 1).
const MIGRATION_LOCK_KEY = '5710744357240232449';

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE console_users (
     email text PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
     password_hash text,
     status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
     grants text[] NOT NULL DEFAULT '{}',
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   );
   CREATE TABLE console_sessions (
     id_hash text PRIMARY KEY,
     email text NOT NULL REFERENCES console_users (email) ON DELETE CASCADE,
     created_at timestamptz NOT NULL,
     last_seen_at timestamptz NOT NULL,
     expires_at timestamptz NOT NULL
   );
   CREATE INDEX console_sessions_email ON console_sessions (email);
   CREATE TABLE console_sign_in_failures (
     key text NOT NULL,
     at timestamptz NOT NULL DEFAULT now()
   );
   CREATE INDEX console_sign_in_failures_key_at ON console_sign_in_failures (key, at);
   CREATE TABLE console_actions (
     id bigserial PRIMARY KEY,
     at timestamptz NOT NULL DEFAULT now(),
     "user" text,
     role text,
     environment text,
     action text NOT NULL,
     order_id text,
     body jsonb,
     outcome text NOT NULL,
     address text,
     user_agent text
   );`,
  ORDER_INDEX_MIGRATION,
  // The chained audit log (src/server/audit/) replaces console_actions as the server's sink; the
  // older table stays, so a database from before keeps its rows.
  AUDIT_SCHEMA_SQL,
  // CONSOLE_AUTH=oidc: a person is the provider's subject; a sign-in waits here between the
  // redirect to the provider and its callback (oidc-attempts.ts).
  `ALTER TABLE console_users ADD COLUMN subject text UNIQUE;
   CREATE TABLE console_oidc_attempts (
     id_hash text PRIMARY KEY,
     data jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   );`,
  // Team bulk refund runs, sent by the server (src/server/bulk-runs/).
  BULK_RUNS_MIGRATION,
  // Free text inside words (pg_trgm).
  ORDER_INDEX_INFIX_MIGRATION,
  // Sign-in attempts counted before they are checked, a row per account and per address
  // (sign-in-throttle.ts); the list of failures it replaces is of no use any more.
  `DROP TABLE console_sign_in_failures;
   CREATE TABLE console_sign_in_limits (
     key text PRIMARY KEY,
     failures integer NOT NULL,
     window_start timestamptz NOT NULL,
     locked_until timestamptz,
     updated_at timestamptz NOT NULL
   );
   CREATE INDEX console_sign_in_limits_updated_at ON console_sign_in_limits (updated_at);`,
  // The audit chain keyed (audit/audit-key.ts): each row names the key it was chained under; older rows none.
  AUDIT_KEY_MIGRATION,
  // D17's tables (approval-schema.ts), once ran at every start; a numbered step now, so that a console
  // whose database is current runs no DDL at all and may run as a role that owns no table
  // (docs/security.md). IF NOT EXISTS: a database from before has them already.
  APPROVALS_SCHEMA,
  // The order index fed from outside the console: files, the refresher, the sandbox's events, the gateway.
  ORDER_INDEX_FEEDS_MIGRATION,
  // Service accounts: the PSP's own systems calling through the console (gateway/).
  SERVICE_ACCOUNTS_MIGRATION,
  // Sign-off scenario runs the console server makes (scenario-runs/).
  SCENARIO_RUNS_MIGRATION,
  // The audit log's readers (the audit sink, the notifier) and the notifications' outbox.
  OPS_MIGRATION,
  // Passwords an admin set, changed first; reset links (src/server/accounts/).
  PASSWORD_MIGRATION,
  // Authenticator apps (TOTP), recovery codes, the sign-in's second step (src/server/accounts/).
  TOTP_MIGRATION,
  // Passkeys (WebAuthn) and their challenges (src/server/accounts/).
  PASSKEY_MIGRATION,
  // Every refund the console sends, counted for the approval threshold's window and the daily limit
  // (approvals/refund-ledger.ts); an approval keeps the order's refunded amount before it was sent.
  `${REFUND_LEDGER_MIGRATION}
   ALTER TABLE console_approvals ADD COLUMN refunded_before text;`,
];

export const CONSOLE_SCHEMA_VERSION = MIGRATIONS.length;

export async function migrateConsoleDb(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    const { rows: present } = await tx.query<{ present: boolean }>("SELECT to_regclass('console_schema') IS NOT NULL AS present");
    if (present[0]?.present !== true) await tx.exec('CREATE TABLE console_schema (version integer NOT NULL)');
    const { rows } = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM console_schema');
    const version = rows[0]?.version ?? 0;
    for (let next = version; next < MIGRATIONS.length; next++) {
      const sql = MIGRATIONS[next];
      if (sql !== undefined) await tx.exec(sql);
    }
    if (version < MIGRATIONS.length) {
      await tx.query('DELETE FROM console_schema');
      await tx.query('INSERT INTO console_schema (version) VALUES ($1::int)', [MIGRATIONS.length]);
    }
  });
}

/**
 * The console's embedded database is one process's: the server's, or a command's (npm run users, npm
 * run audit) while the server is stopped. The sandbox's words (SANDBOX_DB) misled people here.
 */
const consoleInUse = (dir: string, where: string) =>
  `the console's database ${dir} (CONSOLE_DB) is in use by ${where}, most likely the console server: stop the server first (npm run users and npm run audit open the embedded database while it is stopped), or keep the console's data in PostgreSQL (CONSOLE_DATABASE_URL), which several processes share`;

/** Opens the console's database (a data directory, ':memory:' or a postgres:// URL) at the current schema. */
export async function openConsoleDb(location: string): Promise<Database> {
  // pg_trgm answers the order index's free text inside a word (order-index-schema.ts).
  const db = await openDatabase(location, { extensions: { pg_trgm }, inUse: consoleInUse });
  try {
    await migrateConsoleDb(db);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
