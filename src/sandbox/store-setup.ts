import type { Database } from '../db/store-db.ts';
import { SCHEMA_SQL, SCHEMA_VERSION } from './store-schema.ts';

// Schema set-up at start (D15): several sandbox processes may start at once on one database. The
// set-up runs in one transaction holding a transaction-scoped advisory lock, so the processes take
// turns: the first creates or migrates the schema, the others find it at SCHEMA_VERSION and change
// nothing (no DDL, so no table lock that would hold up the processes already serving). On PGlite
// (one session) the lock is simply granted.

// pg_advisory_xact_lock's key: any constant the sandbox alone uses ("OCSB" + 1).
const SETUP_LOCK_KEY = '5710744357240229889';

export async function setUpSchema(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SETUP_LOCK_KEY]);
    await tx.exec('CREATE TABLE IF NOT EXISTS sandbox_schema (version integer NOT NULL)');
    const { rows } = await tx.query<{ version: number | null }>('SELECT max(version) AS version FROM sandbox_schema');
    const version = rows[0]?.version ?? 0;
    if (version >= SCHEMA_VERSION) return;
    await tx.exec(SCHEMA_SQL);
    await tx.query('DELETE FROM sandbox_schema');
    await tx.query('INSERT INTO sandbox_schema (version) VALUES ($1::int)', [SCHEMA_VERSION]);
  });
}
