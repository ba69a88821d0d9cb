import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/store-db.ts';
import { fileCheckpointSink, logCheckpointSink, readCheckpoint, signCheckpoint, startCheckpointWriter } from './audit-checkpoint.ts';
import { auditKeyFromText } from './audit-key.ts';
import { createAuditLog } from './audit-log.ts';
import { auditEntry, BY_HAND, openAuditDatabase, TEST_AUDIT_KEY as key } from './audit-test-support.ts';
import { verifyAuditChain } from './audit-verify.ts';
import { createLogger } from '../ops/logger.ts';

// docs/security.md, "The audit chain is keyed": the signed head, written outside the database at least
// every minute, catches what no chain can show by itself: the newest rows removed, or all of them.

let work: string;
let db: Database;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'audit-checkpoint-'));
  db = await openAuditDatabase();
});
afterAll(async () => {
  await db.close();
  rmSync(work, { recursive: true, force: true });
});

const trusted = (text: string) => {
  const reading = readCheckpoint(text, key);
  if (!reading.ok) throw new Error(reading.problem);
  return reading.head;
};

test('the writer keeps the newest signed head in its file, again on its interval as rows come, and logs each new head once', async () => {
  const file = join(work, 'console.audit-checkpoint.json');
  const lines: string[] = [];
  const log = createAuditLog(db, { key });
  await log.record(auditEntry());
  const writer = startCheckpointWriter({ db, key, sinks: [fileCheckpointSink(file), logCheckpointSink((l) => lines.push(l))], everyMs: 50, log: (l) => lines.push(l) });
  try {
    const first = await writer.writeNow();
    expect(trusted(readFileSync(file, 'utf8'))).toEqual({ seq: '1', hash: first.hash });
    await log.record(auditEntry());
    await log.record(auditEntry());
    // No writeNow: the interval writes the new head by itself.
    await expect.poll(() => trusted(readFileSync(file, 'utf8'))?.seq, { timeout: 5_000 }).toBe('3');
    const heads = lines.filter((l) => l.startsWith('audit checkpoint: ')).map((l) => trusted(l)?.seq);
    expect(heads).toEqual(['1', '3']);
  } finally {
    await writer.stop();
  }
});

test('a JSON log (LOG_FORMAT=json) is read as the plain one: its newest checkpoint, among the other events', async () => {
  const lines: string[] = [];
  const logger = createLogger({ format: 'json', write: (line) => lines.push(line) });
  const log = createAuditLog(db, { key });
  await log.record(auditEntry());
  const writer = startCheckpointWriter({ db, key, sinks: [logCheckpointSink((line) => logger.info(line))], everyMs: 60_000, log: (line) => logger.warn(line) });
  try {
    const checkpoint = await writer.writeNow();
    logger.info({ req_id: 'x' }, 'GET /api/me 200 3ms');
    expect(lines.at(-2)).toMatch(/^\{"level":"info",.*"msg":"audit checkpoint: \{/);
    expect(trusted(lines.join('\n'))).toEqual({ seq: checkpoint.seq, hash: checkpoint.hash });
  } finally {
    await writer.stop();
  }
});

test('past row 9 the head is the newest row (not the one whose seq sorts last as text)', async () => {
  const fresh = await openAuditDatabase();
  try {
    const log = createAuditLog(fresh, { key });
    for (let i = 0; i < 11; i++) await log.record(auditEntry());
    const writer = startCheckpointWriter({ db: fresh, key, sinks: [], everyMs: 60_000, log: () => undefined });
    expect((await writer.writeNow()).seq).toBe('11');
    await writer.stop();
  } finally {
    await fresh.close();
  }
});

describe('attacks the checkpoint catches', () => {
  async function checkpointedLog() {
    const fresh = await openAuditDatabase();
    const log = createAuditLog(fresh, { key });
    for (let i = 0; i < 5; i++) await log.record(auditEntry({ order_id: `o-${i}` }));
    const { rows } = await fresh.query<{ seq: string; hash: string }>('SELECT seq::text AS seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
    const checkpoint = JSON.stringify(signCheckpoint(rows[0] ?? null, key));
    await fresh.exec(BY_HAND);
    return { fresh, knownHead: trusted(checkpoint) ?? undefined };
  }

  test('the newest rows removed: the chain alone holds, the checkpoint does not', async () => {
    const { fresh, knownHead } = await checkpointedLog();
    try {
      await fresh.query('DELETE FROM audit_log WHERE seq >= 4');
      expect(await verifyAuditChain(fresh, { key })).toMatchObject({ ok: true, rows: 3 });
      expect(await verifyAuditChain(fresh, { key, ...(knownHead !== undefined && { knownHead }) })).toEqual({ ok: false, seq: '5', problem: 'the known head is gone: the log ends at row 3 (rows removed from the end?)' });
    } finally {
      await fresh.close();
    }
  });

  test('the log emptied: caught', async () => {
    const { fresh, knownHead } = await checkpointedLog();
    try {
      await fresh.query('DELETE FROM audit_log');
      expect(await verifyAuditChain(fresh, { key })).toMatchObject({ ok: true, rows: 0 });
      expect(await verifyAuditChain(fresh, { key, ...(knownHead !== undefined && { knownHead }) })).toEqual({ ok: false, seq: '5', problem: 'the known head is gone: the log is empty (rows removed from the end?)' });
    } finally {
      await fresh.close();
    }
  });

  test('a checkpoint changed to fit the shortened log, or made with another key: not trusted', () => {
    const checkpoint = signCheckpoint({ seq: '5', hash: 'a'.repeat(64) }, key);
    expect(readCheckpoint(JSON.stringify({ ...checkpoint, seq: '3' }), key)).toEqual({ ok: false, problem: 'its signature does not hold: it was changed, or made without the audit key' });
    const other = auditKeyFromText('another-key-of-at-least-32-characters!!', 'test');
    expect(readCheckpoint(JSON.stringify(signCheckpoint({ seq: '3', hash: 'a'.repeat(64) }, other)), key)).toEqual({ ok: false, problem: `it is signed with the audit key ${other.id}, not with the key given (${key.id})` });
    const path = join(work, 'garbage.json');
    writeFileSync(path, 'not a checkpoint');
    expect(readCheckpoint(readFileSync(path, 'utf8'), key)).toMatchObject({ ok: false });
  });
});
