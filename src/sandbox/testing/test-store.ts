import type {} from './provided-context.ts';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseKind } from '../../db/store-db.ts';

// One helper for every sandbox suite that runs against both stores (vitest.config.ts): the project
// `node` runs them on PGlite in memory, the project `sandbox-postgres` (SANDBOX_TEST_STORE=postgres)
// on a database of their own on the throwaway PostgreSQL server. The tests themselves are the same.

export const TEST_STORE_VARIABLE = 'SANDBOX_TEST_STORE';

export function testStoreKind(): DatabaseKind {
  return process.env[TEST_STORE_VARIABLE] === 'postgres' ? 'postgres' : 'pglite';
}

let counter = 0;

/** A new empty database on the throwaway server; its URL. */
export async function newPostgresDatabase(prefix = 'test'): Promise<string> {
  const admin = inject('postgresUrl');
  counter += 1;
  const name = `${prefix}_${process.pid}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The `db` a test's server or store opens: ':memory:' on PGlite, a fresh database on PostgreSQL. */
export async function testStoreLocation(): Promise<string> {
  return testStoreKind() === 'postgres' ? newPostgresDatabase() : ':memory:';
}
