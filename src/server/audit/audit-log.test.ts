import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/store-db.ts';
import { createAuditLog } from './audit-log.ts';
import { listAuditRows } from './audit-query.ts';
import { GENESIS_HASH, REMOVED } from './audit-record.ts';
import { createAuditSchema } from './audit-schema.ts';
import { auditEntry, BY_HAND, openAuditDatabase, TEST_AUDIT_KEY as key } from './audit-test-support.ts';
import { verifyAuditChain } from './audit-verify.ts';

// docs/decisions.md D16 on the embedded database: rows chain, tokens never land in a row, the server
// cannot rewrite a row, and the list filters and pages. Hand edits through the real command:
// scripts/audit-cli.test.ts; two processes' writers: team-audit-chain.test.ts.

let db: Database;
beforeAll(async () => {
  db = await openAuditDatabase();
});
afterAll(async () => {
  await db.close();
});

const rowsAsText = async () => (await db.query<{ text: string }>('SELECT string_agg(audit_log::text, E\'\\n\') AS text FROM audit_log')).rows[0]?.text ?? '';

describe('appending', () => {
  test('rows are numbered from 1 and each names the hash of the one before; the chain verifies', async () => {
    const fresh = await openAuditDatabase();
    try {
      const log = createAuditLog(fresh, { key });
      await Promise.all(Array.from({ length: 12 }, (_, i) => log.record(auditEntry({ order_id: `order-${i}` }))));
      const { rows } = await listAuditRows(fresh, { limit: 50 });
      expect(rows.map((r) => r.seq)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(rows.at(-1)?.prev_hash).toBe(GENESIS_HASH);
      rows.slice(0, -1).forEach((row, i) => expect(row.prev_hash).toBe(rows[i + 1]?.hash));
      expect(await verifyAuditChain(fresh, { batchSize: 5, key })).toEqual({ ok: true, rows: 12, head: { seq: '12', hash: rows[0]?.hash }, unkeyed: 0 });
    } finally {
      await fresh.close();
    }
  });

  test('an empty log verifies; running the schema again changes nothing', async () => {
    const fresh = await openAuditDatabase();
    try {
      await createAuditSchema(fresh);
      expect(await verifyAuditChain(fresh, { key })).toEqual({ ok: true, rows: 0, head: null, unkeyed: 0 });
    } finally {
      await fresh.close();
    }
  });

  test('no token reaches a row: credential fields and "Token …"/"Bearer …" values are replaced', async () => {
    const secret = 'tok_9f8e7d6c5b4a';
    await createAuditLog(db, { key }).record(
      auditEntry({
        action: 'refund.request',
        body: {
          headers: { Authorization: `Token ${secret}`, accept: 'application/json' },
          token: secret,
          nested: [{ api_key: secret, note: `Bearer ${secret}` }],
          amount: '5.00',
        },
      }),
    );
    const [row] = (await listAuditRows(db, { limit: 1, action: 'refund.request' })).rows;
    expect(row?.body).toEqual({ amount: '5.00', headers: { Authorization: REMOVED, accept: 'application/json' }, nested: [{ api_key: REMOVED, note: REMOVED }], token: REMOVED });
    expect(await rowsAsText()).not.toContain(secret);
  });

  test('a partner token the server holds is removed wherever it turns up: an echo in the outcome, a note, a key', async () => {
    const partnerToken = 'live-4b1d9c0e7f2a';
    const log = createAuditLog(db, { secrets: () => [partnerToken, 'short'], key });
    await log.record(auditEntry({ action: 'refund.sent', outcome: `refused (401): invalid token ${partnerToken}`, body: { note: `pasted ${partnerToken} here`, [partnerToken]: 1, reason: 'short answer' } }));
    const [row] = (await listAuditRows(db, { limit: 1, action: 'refund.sent' })).rows;
    expect(row?.outcome).toBe(`refused (401): invalid token ${REMOVED}`);
    expect(row?.body).toEqual({ note: `pasted ${REMOVED} here`, [REMOVED]: 1, reason: 'short answer' });
    expect(await rowsAsText()).not.toContain(partnerToken);
  });

  test('the server cannot change or delete a row: the table refuses', async () => {
    await createAuditLog(db, { key }).record(auditEntry());
    await expect(db.query("UPDATE audit_log SET outcome = 'fine'")).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only: DELETE refused/);
    await expect(db.exec('TRUNCATE audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  test('a lone surrogate, or an emoji cut in half at a field limit, is stored as U+FFFD and the row still verifies', async () => {
    await createAuditLog(db, { key }).record(auditEntry({ action: 'odd.text', outcome: 'half \uD83D', user_agent: `${'x'.repeat(511)}😀`, body: { note: 'lone \uDE00' } }));
    const [row] = (await listAuditRows(db, { limit: 1, action: 'odd.text' })).rows;
    expect(row?.outcome).toBe('half \uFFFD');
    expect(row?.user_agent).toBe(`${'x'.repeat(511)}\uFFFD`);
    expect(row?.body).toEqual({ note: 'lone \uDE00' });
    expect(await verifyAuditChain(db, { key })).toMatchObject({ ok: true });
  });

  test('an over-long user agent or a NUL in a field is kept in bounds, not refused', async () => {
    await createAuditLog(db, { key }).record(auditEntry({ action: 'sign-in', user_agent: 'x'.repeat(5000), outcome: 'ok\0' }));
    const [row] = (await listAuditRows(db, { limit: 1, action: 'sign-in' })).rows;
    expect(row?.user_agent).toHaveLength(512);
    expect(row?.outcome).toBe('ok');
    expect((await verifyAuditChain(db, { key })).ok).toBe(true);
  });
});

describe('verify names the first row that does not hold', () => {
  async function tampered(edit: (db: Database) => Promise<unknown>) {
    const fresh = await openAuditDatabase();
    try {
      const log = createAuditLog(fresh, { key });
      for (let i = 1; i <= 6; i++) await log.record(auditEntry({ order_id: `o-${i}` }));
      await fresh.exec(BY_HAND);
      await edit(fresh);
      return await verifyAuditChain(fresh, { batchSize: 2, key });
    } finally {
      await fresh.close();
    }
  }

  test('a row changed', async () => {
    expect(await tampered((d) => d.query("UPDATE audit_log SET outcome = 'refused (403)' WHERE seq = 4"))).toEqual({ ok: false, seq: '4', problem: 'its fields do not match its hash' });
  });

  test('a row removed', async () => {
    expect(await tampered((d) => d.query('DELETE FROM audit_log WHERE seq = 3'))).toEqual({ ok: false, seq: '4', problem: 'row 3 is missing before it' });
  });

  test('the first row removed', async () => {
    expect(await tampered((d) => d.query('DELETE FROM audit_log WHERE seq = 1'))).toMatchObject({ ok: false, seq: '2' });
  });

  test('a row removed and the rest renumbered', async () => {
    const check = await tampered(async (d) => {
      await d.query('DELETE FROM audit_log WHERE seq = 3');
      await d.query('UPDATE audit_log SET seq = seq - 1 WHERE seq > 3');
    });
    expect(check).toEqual({ ok: false, seq: '3', problem: 'it does not follow row 2 (prev_hash differs)' });
  });
});

describe('a head kept from an earlier run', () => {
  test('catches the newest rows removed, which the chain alone cannot', async () => {
    const fresh = await openAuditDatabase();
    try {
      const log = createAuditLog(fresh, { key });
      for (let i = 1; i <= 4; i++) await log.record(auditEntry());
      const before = await verifyAuditChain(fresh, { key });
      if (!before.ok || before.head === null) throw new Error('expected a verified head');
      await fresh.exec(BY_HAND);
      await fresh.query('DELETE FROM audit_log WHERE seq >= 3');

      expect(await verifyAuditChain(fresh, { key })).toMatchObject({ ok: true, rows: 2 });
      expect(await verifyAuditChain(fresh, { knownHead: before.head, key })).toEqual({ ok: false, seq: '4', problem: 'the known head is gone: the log ends at row 2 (rows removed from the end?)' });
      expect(await verifyAuditChain(fresh, { knownHead: { seq: '2', hash: 'f'.repeat(64) }, key })).toEqual({ ok: false, seq: '2', problem: "its hash is not the known head's" });
    } finally {
      await fresh.close();
    }
  });
});

describe('listing', () => {
  test('filters by user, action, order, environment and time; pages by cursor without repeats', async () => {
    const fresh = await openAuditDatabase();
    try {
      const log = createAuditLog(fresh, { key });
      for (let i = 0; i < 7; i++) await log.record(auditEntry({ user: i % 2 === 0 ? 'bob@example.com' : 'carol@example.com', action: i < 5 ? 'refund.request' : 'sign-in', order_id: i === 3 ? 'order-3' : null, environment: i === 6 ? 'prod' : 'sandbox' }));
      const bob = await listAuditRows(fresh, { user: 'bob@example.com', limit: 50 });
      expect(bob.rows.map((r) => r.seq)).toEqual([7, 5, 3, 1]);
      expect((await listAuditRows(fresh, { action: 'sign-in', limit: 50 })).rows.map((r) => r.seq)).toEqual([7, 6]);
      expect((await listAuditRows(fresh, { order_id: 'order-3', limit: 50 })).rows.map((r) => r.seq)).toEqual([4]);
      expect((await listAuditRows(fresh, { environment: 'prod', limit: 50 })).rows.map((r) => r.seq)).toEqual([7]);
      const at4 = (await listAuditRows(fresh, { order_id: 'order-3', limit: 1 })).rows[0]?.at ?? '';
      // From row 4's time on (inclusive): rows 4 and 6, and row 2 too when it was written in the same
      // millisecond (a fast machine writes several rows a millisecond), never a row from before it.
      const carol = (await listAuditRows(fresh, { user: 'carol@example.com', limit: 50 })).rows;
      const fromAt4 = (await listAuditRows(fresh, { from: at4, to: '2999-01-01T00:00:00Z', user: 'carol@example.com', limit: 50 })).rows;
      expect(fromAt4.map((r) => r.seq)).toEqual(carol.filter((r) => Date.parse(r.at) >= Date.parse(at4)).map((r) => r.seq));
      expect(fromAt4.map((r) => r.seq).slice(0, 2)).toEqual([6, 4]);
      expect((await listAuditRows(fresh, { to: '2000-01-01T00:00:00Z', limit: 50 })).rows).toEqual([]);

      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await listAuditRows(fresh, { limit: 3, ...(cursor === undefined ? {} : { cursor }) });
        seen.push(...result.rows.map((r) => r.seq));
        if (result.next_cursor === null) break;
        cursor = result.next_cursor;
      }
      expect(seen).toEqual([7, 6, 5, 4, 3, 2, 1]);
    } finally {
      await fresh.close();
    }
  });
});
