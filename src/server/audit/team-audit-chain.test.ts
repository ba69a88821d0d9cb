import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../db/store-db.ts';
import { openDatabase } from '../../db/store-open.ts';
import { newPostgresDatabase } from '../../sandbox/testing/test-store.ts';
import { createAuditLog } from './audit-log.ts';
import { listAuditRows } from './audit-query.ts';
import { openConsoleDb } from '../console-db.ts';
import { auditEntry, openAuditDatabase, runAudit, TEST_AUDIT_KEY } from './audit-test-support.ts';
import { verifyAuditChain } from './audit-verify.ts';

// docs/decisions.md D16 "Scale out": two console processes on one PostgreSQL write one audit chain. Two
// pools stand for the two processes (each its own connections, as a process has), appending at once.
// Project sandbox-postgres only (vitest.config.ts).

const APPENDS = 300;
const pools: Database[] = [];
let url: string;

beforeAll(async () => {
  url = await newPostgresDatabase('audit');
  await (await openAuditDatabase(url)).close();
  pools.push(await openDatabase(url, { max: 8 }), await openDatabase(url, { max: 8 }));
});
afterAll(async () => {
  await Promise.all(pools.map((db) => db.close()));
});

test(`${APPENDS} appends at once from two pools make one chain: seq 1..${APPENDS} without a gap, every row chained`, async () => {
  const [a, b] = pools;
  if (a === undefined || b === undefined) throw new Error('two pools expected');
  const [logA, logB] = [createAuditLog(a), createAuditLog(b)];
  await Promise.all(Array.from({ length: APPENDS }, (_, i) => (i % 2 === 0 ? logA : logB).record(auditEntry({ user: `user-${i % 2}@example.com`, order_id: `order-${i}` }))));

  expect(await verifyAuditChain(a)).toMatchObject({ ok: true, rows: APPENDS, head: { seq: String(APPENDS) } });
  const { rows } = await listAuditRows(b, { limit: 200 });
  expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 200 }, (_, i) => APPENDS - i));
  const orders = new Set((await a.query<{ order_id: string }>('SELECT order_id FROM audit_log')).rows.map((r) => r.order_id));
  expect(orders.size).toBe(APPENDS);

  // The command a pipeline runs, on the server the processes share.
  const verify = await runAudit(['verify'], { CONSOLE_DATABASE_URL: url });
  expect(verify.stderr).toBe('');
  expect(verify.code).toBe(0);
  expect(verify.stdout).toContain(`audit chain holds: ${APPENDS} rows, head ${APPENDS}:`);
});

// docs/security.md, "Running the console as a role that does not own the audit table": the grants
// written there, as an operator would run them after the owner has migrated the database. The role
// appends and reads; what a tamperer holding its password would try is refused by PostgreSQL itself.
test("the console as a role that does not own the audit table: it starts, appends and verifies; turning the trigger off, UPDATE, DELETE and TRUNCATE are refused", async () => {
  const ownerUrl = await newPostgresDatabase('auditrole');
  const owner = await openConsoleDb(ownerUrl);
  const role = `console_app_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await owner.exec(`CREATE ROLE ${role} LOGIN;
      GRANT CONNECT ON DATABASE ${new URL(ownerUrl).pathname.slice(1)} TO ${role};
      GRANT USAGE ON SCHEMA public TO ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
      REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM ${role};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};`);
  } finally {
    await owner.close();
  }
  const appUrl = new URL(ownerUrl);
  appUrl.username = role;
  appUrl.password = '';
  // Its own start: the schema is current, so no DDL runs (it could not).
  const app = await openConsoleDb(appUrl.toString());
  try {
    const log = createAuditLog(app, { key: TEST_AUDIT_KEY });
    await log.record(auditEntry({ action: 'order_create' }));
    await log.record(auditEntry({ action: 'refund_request' }));
    for (const sql of ['ALTER TABLE audit_log DISABLE TRIGGER USER', "UPDATE audit_log SET outcome = 'ok' WHERE seq = 1", 'DELETE FROM audit_log WHERE seq = 2', 'TRUNCATE audit_log', 'DROP TABLE audit_log']) {
      await expect(app.query(sql), sql).rejects.toThrow(/permission denied|must be (the )?owner/);
    }
    expect(await verifyAuditChain(app, { key: TEST_AUDIT_KEY })).toMatchObject({ ok: true, rows: 2 });
  } finally {
    await app.close();
  }
});
