import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/store-db.ts';
import { openDatabase } from '../../db/store-open.ts';
import type { CommandResult } from '../../sandbox/testing/child.ts';
import { runCommand } from '../../sandbox/testing/child.ts';
import { auditKeyFromText } from './audit-key.ts';
import type { AuditEntry } from './audit-record.ts';
import { createAuditSchema } from './audit-schema.ts';

/** The audit key of the tests' console servers (never a real one: it is in the source). */
export const TEST_AUDIT_KEY_TEXT = 'order-console-tests-audit-key-5d0b7f3a9c21';
export const TEST_AUDIT_KEY = auditKeyFromText(TEST_AUDIT_KEY_TEXT, 'tests');

/** A console database with the audit table: in memory unless a location is given. */
export async function openAuditDatabase(location = ':memory:'): Promise<Database> {
  const db = await openDatabase(location);
  await createAuditSchema(db);
  return db;
}

export function auditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    user: 'alice@example.com',
    role: 'agent',
    environment: 'sandbox',
    action: 'order.create',
    order_id: null,
    body: { order_data: { amount: '10.00' } },
    outcome: 'created (201)',
    address: '127.0.0.1',
    user_agent: 'Mozilla/5.0 (test)',
    ...overrides,
  };
}

/** SQL for a test that edits the log by hand, as someone with the database's password could. */
export const BY_HAND = 'ALTER TABLE audit_log DISABLE TRIGGER USER';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** `npm run audit -- ARGS` in a child process, as a pipeline runs it, with only the given console database. */
export function runAudit(args: string[], env: Record<string, string>): Promise<CommandResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const name of ['CONSOLE_DB', 'CONSOLE_DATABASE_URL']) if (!(name in env)) delete childEnv[name];
  return runCommand('npm', ['run', 'audit', '--', ...args], { cwd: ROOT, env: childEnv });
}
