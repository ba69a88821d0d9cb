import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/store-db.ts';
import { AuditKeyError, auditKeyFromText, serverAuditKey } from './audit-key.ts';
import { assertChainKey, createAuditLog } from './audit-log.ts';
import { GENESIS_HASH, rowHash } from './audit-record.ts';
import type { StoredRow } from './audit-rows.ts';
import { ROW_COLUMNS } from './audit-rows.ts';
import { auditEntry, BY_HAND, openAuditDatabase, TEST_AUDIT_KEY as key } from './audit-test-support.ts';
import { verifyAuditChain } from './audit-verify.ts';

// docs/security.md, "The audit chain is keyed": whoever can write the audit table (the server's own
// database role, with the trigger turned off) but does not hold the key cannot change a row and hash
// the rest again into a chain that verifies. Each test does that to a log and sees verify name the row.

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'audit-key-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A keyed log of six rows, then `edit` with the append-only trigger off. */
async function keyedLogEditedBy(edit: (db: Database) => Promise<unknown>) {
  const db = await openAuditDatabase();
  const log = createAuditLog(db, { key });
  for (let i = 1; i <= 6; i++) await log.record(auditEntry({ order_id: `o-${i}`, body: { amount: `${i}.00` } }));
  await db.exec(BY_HAND);
  await edit(db);
  return db;
}

/** What a tamperer without the key does: every row from `from` on hashed again (plain SHA-256), chained to the one before. */
async function rehashWithoutKey(db: Database, from: number, asUnkeyed: boolean) {
  const { rows } = await db.query<StoredRow>(`SELECT ${ROW_COLUMNS} FROM audit_log WHERE seq >= $1::bigint ORDER BY seq`, [from]);
  const before = await db.query<{ hash: string }>('SELECT hash FROM audit_log WHERE seq = $1::bigint', [from - 1]);
  let prev = before.rows[0]?.hash ?? GENESIS_HASH;
  for (const row of rows) {
    const forged = { ...row, prev_hash: prev, key_id: null };
    const hash = rowHash(forged, null);
    await db.query('UPDATE audit_log SET prev_hash = $2, hash = $3, key_id = $4 WHERE seq = $1::bigint', [row.seq, prev, hash, asUnkeyed ? null : row.key_id]);
    prev = hash;
  }
}

describe('a row changed and the rest hashed again without the key', () => {
  test('keeping each row\'s key id: verify names the changed row', async () => {
    const db = await keyedLogEditedBy(async (d) => {
      await d.query(`UPDATE audit_log SET body = '{"amount":"999.00"}' WHERE seq = 3`);
      await rehashWithoutKey(d, 3, false);
    });
    try {
      expect(await verifyAuditChain(db, { key })).toEqual({ ok: false, seq: '3', problem: 'its fields do not match its hash' });
    } finally {
      await db.close();
    }
  });

  test('passing the rows off as written before the key: refused from the first such row', async () => {
    const db = await keyedLogEditedBy(async (d) => {
      await d.query(`UPDATE audit_log SET body = '{"amount":"999.00"}' WHERE seq = 3`);
      await rehashWithoutKey(d, 3, true);
    });
    const whole = await keyedLogEditedBy((d) => rehashWithoutKey(d, 1, true));
    try {
      expect(await verifyAuditChain(db, { key })).toEqual({ ok: false, seq: '3', problem: 'it is not keyed, but rows before it are: it was written or hashed again without the audit key' });
      // Every row made over as an unkeyed one: a log begun before its key is only accepted as far as told.
      expect(await verifyAuditChain(whole, { key })).toEqual({ ok: false, seq: '1', problem: 'it is not keyed (chained without the audit key), and only rows up to 0 may be' });
    } finally {
      await db.close();
      await whole.close();
    }
  });

  test('a key the tamperer made up: its rows are not the key\'s', async () => {
    const theirs = auditKeyFromText('a-key-the-tamperer-made-up-0123456789', 'test');
    const db = await keyedLogEditedBy(async (d) => {
      await d.query('DELETE FROM audit_log WHERE seq >= 4');
      await createAuditLog(d, { key: theirs }).record(auditEntry({ body: { amount: '999.00' } }));
    });
    try {
      expect(await verifyAuditChain(db, { key })).toEqual({ ok: false, seq: '4', problem: `it is chained under the audit key ${theirs.id}, not under the key given (${key.id})` });
      await expect(assertChainKey(db, key)).rejects.toThrow(AuditKeyError);
    } finally {
      await db.close();
    }
  });
});

test('a log begun before the console had a key: its unkeyed rows verify when said, the keyed rows after them with the key', async () => {
  const db = await openAuditDatabase();
  try {
    const old = createAuditLog(db);
    for (let i = 0; i < 3; i++) await old.record(auditEntry());
    const keyed = createAuditLog(db, { key });
    for (let i = 0; i < 2; i++) await keyed.record(auditEntry());
    expect(await verifyAuditChain(db, { key, unkeyedThrough: 3n })).toMatchObject({ ok: true, rows: 5, unkeyed: 3 });
    expect(await verifyAuditChain(db, { key, unkeyedThrough: 2n })).toMatchObject({ ok: false, seq: '3' });
    expect(await verifyAuditChain(db, {})).toEqual({ ok: false, seq: '4', problem: `it is chained under the audit key ${key.id}: give that key (CONSOLE_AUDIT_KEY or CONSOLE_AUDIT_KEY_FILE) to verify it` });
  } finally {
    await db.close();
  }
});

describe("the server's key", () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  test('beyond loopback without one: refused, naming the variables', () => {
    expect(() => serverAuditKey({}, { loopback: false, consoleDb: join(work, 'a'), log })).toThrow(/CONSOLE_AUDIT_KEY \(or CONSOLE_AUDIT_KEY_FILE\)/);
    expect(existsSync(join(work, 'a.audit-key'))).toBe(false);
  });

  test('on loopback without one: made once beside the database, readable by its owner only, said in a log line, the same key next time', () => {
    const consoleDb = join(work, 'console');
    const first = serverAuditKey({}, { loopback: true, consoleDb, log });
    const file = `${consoleDb}.audit-key`;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
    expect(serverAuditKey({}, { loopback: true, consoleDb, log }).id).toBe(first.id);
    expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
    expect(readFileSync(file, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });

  test('CONSOLE_AUDIT_KEY or a key file, never both, never short', () => {
    const text = 'an-operator-key-of-at-least-32-characters';
    expect(serverAuditKey({ CONSOLE_AUDIT_KEY: text }, { loopback: false, consoleDb: ':memory:', log }).id).toBe(auditKeyFromText(text, 'x').id);
    expect(() => serverAuditKey({ CONSOLE_AUDIT_KEY: 'short' }, { loopback: false, consoleDb: ':memory:', log })).toThrow(/at least 32 characters/);
    expect(() => serverAuditKey({ CONSOLE_AUDIT_KEY: text, CONSOLE_AUDIT_KEY_FILE: '/x' }, { loopback: true, consoleDb: ':memory:', log })).toThrow(/not both/);
    expect(() => serverAuditKey({ CONSOLE_AUDIT_KEY_FILE: join(work, 'missing') }, { loopback: true, consoleDb: ':memory:', log })).toThrow(/cannot read/);
  });
});
