import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { freePort } from '../src/sandbox/testing/child.ts';
import type { Database } from '../src/db/store-db.ts';
import { createAuditLog } from '../src/server/audit/audit-log.ts';
import { rowHash } from '../src/server/audit/audit-record.ts';
import type { StoredRow } from '../src/server/audit/audit-rows.ts';
import { ROW_COLUMNS } from '../src/server/audit/audit-rows.ts';
import { fileCheckpointSink, startCheckpointWriter } from '../src/server/audit/audit-checkpoint.ts';
import { auditEntry, BY_HAND, openAuditDatabase, runAudit, TEST_AUDIT_KEY, TEST_AUDIT_KEY_TEXT } from '../src/server/audit/audit-test-support.ts';
import type { ChainHead } from '../src/server/audit/audit-verify.ts';
import { verifyAuditChain } from '../src/server/audit/audit-verify.ts';

// docs/decisions.md D16: `npm run audit -- verify` run as a pipeline runs it (npm, a child process, its
// exit code and its lines) on a console database someone edited by hand.

// Each run starts npm, tsx and PGlite: seconds each on a busy machine, several runs in a test.
vi.setConfig({ testTimeout: 120_000 });

let work: string;
let template: string;
let templateHead: ChainHead;

/** A copy of the six-row log, edited by `edit` with the append-only triggers off. */
async function consoleDbEditedBy(edit: (db: Database) => Promise<unknown>): Promise<string> {
  const dir = mkdtempSync(join(work, 'db-'));
  cpSync(template, dir, { recursive: true });
  const db = await openAuditDatabase(dir);
  try {
    await db.exec(BY_HAND);
    await edit(db);
  } finally {
    await db.close();
  }
  return dir;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'audit-cli-'));
  template = join(work, 'template');
  const db = await openAuditDatabase(template);
  try {
    const log = createAuditLog(db);
    for (let i = 1; i <= 6; i++) await log.record(auditEntry({ action: i % 2 === 0 ? 'refund.request' : 'order.create', order_id: `order-${i}`, body: { amount: `${i}.00` } }));
    const check = await verifyAuditChain(db);
    if (!check.ok || check.head === null) throw new Error('the template log should verify');
    templateHead = check.head;
  } finally {
    await db.close();
  }
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm run audit -- verify', () => {
  test('exits 0 and prints the head when the chain holds', async () => {
    const result = await runAudit(['verify'], { CONSOLE_DB: await consoleDbEditedBy(() => Promise.resolve()) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`audit chain holds: 6 rows, head 6:${templateHead.hash} (keep it for --known-head)\n`);
  });

  test('a row CHANGED by hand: exits 1 naming it', async () => {
    const dir = await consoleDbEditedBy((db) => db.query(`UPDATE audit_log SET body = '{"amount":"400.00"}' WHERE seq = 4`));
    const result = await runAudit(['verify'], { CONSOLE_DB: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('audit chain broken at row 4: its fields do not match its hash\n');
  });

  test('a row REMOVED by hand: exits 1 naming the row after the gap', async () => {
    const dir = await consoleDbEditedBy((db) => db.query('DELETE FROM audit_log WHERE seq = 2'));
    const result = await runAudit(['verify'], { CONSOLE_DB: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('audit chain broken at row 3: row 2 is missing before it\n');
  });

  test('a row INSERTED by hand, with a correct hash of its own and the later rows renumbered: exits 1 at the first row it displaced', async () => {
    const dir = await consoleDbEditedBy(async (db) => {
      await db.query('UPDATE audit_log SET seq = seq + 1000 WHERE seq > 3');
      await db.query('UPDATE audit_log SET seq = seq - 999 WHERE seq > 1000');
      const [third] = (await db.query<StoredRow>(`SELECT ${ROW_COLUMNS} FROM audit_log WHERE seq = 3`)).rows;
      const forged = { ...auditEntry({ action: 'refund.request', order_id: 'order-x' }), seq: '4', at: '2026-01-01T00:00:00.000Z', body: '{"amount":"999.00"}', prev_hash: third?.hash ?? '' };
      await db.query(
        `INSERT INTO audit_log (seq, at, user_name, role, environment, action, order_id, body, outcome, address, user_agent, prev_hash, hash)
         VALUES ($1::bigint, $2::timestamptz, $3, $4, $5, $6, $7, $8::json, $9, $10, $11, $12, $13)`,
        [forged.seq, forged.at, forged.user, forged.role, forged.environment, forged.action, forged.order_id, forged.body, forged.outcome, forged.address, forged.user_agent, forged.prev_hash, rowHash({ ...forged, key_id: null }, null)],
      );
    });
    const result = await runAudit(['verify'], { CONSOLE_DB: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('audit chain broken at row 5: it does not follow row 4 (prev_hash differs)\n');
  });

  test('the newest rows REMOVED by hand: the chain alone holds; the head printed before (--known-head) catches it', async () => {
    const head = `${templateHead.seq}:${templateHead.hash}`;
    const dir = await consoleDbEditedBy((db) => db.query('DELETE FROM audit_log WHERE seq >= 5'));

    expect((await runAudit(['verify'], { CONSOLE_DB: dir })).code).toBe(0);
    const result = await runAudit(['verify', '--known-head', head], { CONSOLE_DB: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('audit chain broken at row 6: the known head is gone: the log ends at row 4 (rows removed from the end?)\n');
  });
});

describe('a keyed log and the checkpoint the server wrote (docs/security.md)', () => {
  let keyed: string;
  let checkpoint: string;
  const withKey = (dir: string) => ({ CONSOLE_DB: dir, CONSOLE_AUDIT_KEY: TEST_AUDIT_KEY_TEXT });

  /** A copy of the keyed six-row log, edited by `edit` with the append-only triggers off. */
  async function keyedEditedBy(edit: (db: Database) => Promise<unknown>): Promise<string> {
    const dir = mkdtempSync(join(work, 'keyed-'));
    cpSync(keyed, dir, { recursive: true });
    const db = await openAuditDatabase(dir);
    try {
      await db.exec(BY_HAND);
      await edit(db);
    } finally {
      await db.close();
    }
    return dir;
  }

  beforeAll(async () => {
    keyed = join(work, 'keyed');
    checkpoint = join(work, 'console.audit-checkpoint.json');
    const db = await openAuditDatabase(keyed);
    try {
      const log = createAuditLog(db, { key: TEST_AUDIT_KEY });
      for (let i = 1; i <= 6; i++) await log.record(auditEntry({ order_id: `order-${i}`, body: { amount: `${i}.00` } }));
      const writer = startCheckpointWriter({ db, key: TEST_AUDIT_KEY, sinks: [fileCheckpointSink(checkpoint)], log: () => undefined });
      await writer.stop();
    } finally {
      await db.close();
    }
  }, 120_000);

  test('with the key and the checkpoint: exits 0 and says the checkpoint holds; without the key: exits 2 naming it', async () => {
    const held = await runAudit(['verify', '--checkpoint', checkpoint], withKey(await keyedEditedBy(() => Promise.resolve())));
    expect(held.stderr).toBe('');
    expect(held.code).toBe(0);
    expect(held.stdout).toMatch(/audit chain holds: 6 rows, head 6:[0-9a-f]{64} \(keep it for --known-head\); the checkpoint of .+ \(row 6\) holds\n$/);
    const keyless = await runAudit(['verify'], { CONSOLE_DB: await keyedEditedBy(() => Promise.resolve()) });
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toBe(`the audit log is chained under the key ${TEST_AUDIT_KEY.id}: set CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE to the console server's key\n`);
  });

  test('the newest rows removed, or every row: the checkpoint catches it (exit 1)', async () => {
    const shortened = await runAudit(['verify', '--checkpoint', checkpoint], withKey(await keyedEditedBy((db) => db.query('DELETE FROM audit_log WHERE seq >= 5'))));
    expect(shortened.code).toBe(1);
    expect(shortened.stderr).toBe('audit chain broken at row 6: the known head is gone: the log ends at row 4 (rows removed from the end?)\n');
    const emptied = await runAudit(['verify', '--checkpoint', checkpoint], withKey(await keyedEditedBy((db) => db.query('DELETE FROM audit_log'))));
    expect(emptied.code).toBe(1);
    expect(emptied.stderr).toBe('audit chain broken at row 6: the known head is gone: the log is empty (rows removed from the end?)\n');
  });

  test('a checkpoint edited to match a shortened log: not trusted (exit 2); a row changed and hashed again without the key is audit-key.test.ts', async () => {
    const dir = await keyedEditedBy((db) => db.query('DELETE FROM audit_log WHERE seq >= 5'));
    const edited = join(work, 'edited-checkpoint.json');
    writeFileSync(edited, readFileSync(checkpoint, 'utf8').replace('"seq":"6"', '"seq":"4"'));
    const forged = await runAudit(['verify', '--checkpoint', edited], withKey(dir));
    expect(forged.code).toBe(2);
    expect(forged.stderr).toBe(`the checkpoint ${edited} cannot be trusted: its signature does not hold: it was changed, or made without the audit key\n`);
  });
});

describe('exits 2 with one line', () => {
  test.each([
    [['check'], 'usage: npm run audit -- verify'],
    [[], 'usage: npm run audit -- verify'],
    [['verify', '--fix'], 'usage: npm run audit -- verify'],
    [['verify', '--known-head', '6'], '--known-head must be SEQ:HASH as a run printed it, got "6"'],
  ])('usage error %j', async (args, line) => {
    const result = await runAudit(args, { CONSOLE_DB: template });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(line);
  });

  test('no console database where CONSOLE_DB points', async () => {
    const missing = join(work, 'nothing-here');
    const result = await runAudit(['verify'], { CONSOLE_DB: missing });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`no console database in ${missing} (set CONSOLE_DB or CONSOLE_DATABASE_URL)\n`);
  });

  test('an embedded console database a running console holds', async () => {
    const dir = await consoleDbEditedBy(() => Promise.resolve());
    const running = await openAuditDatabase(dir);
    try {
      const result = await runAudit(['verify'], { CONSOLE_DB: dir });
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`the console database ${dir} is in use by a running console; stop it to verify, or keep the console's state on PostgreSQL (CONSOLE_DATABASE_URL) to verify while it runs\n`);
    } finally {
      await running.close();
    }
  });

  test('a PostgreSQL server that cannot be reached', async () => {
    const port = await freePort();
    const result = await runAudit(['verify'], { CONSOLE_DATABASE_URL: `postgres://auditor:secret-pw@127.0.0.1:${port}/console` });
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`cannot connect to the database postgres://auditor@127.0.0.1:${port}/console`);
    expect(result.stderr).not.toContain('secret-pw');
  });
});
