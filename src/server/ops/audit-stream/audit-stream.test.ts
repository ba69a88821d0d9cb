import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../../db/store-db.ts';
import { createAuditLog } from '../../audit/audit-log.ts';
import { TEST_AUDIT_KEY } from '../../audit/audit-test-support.ts';
import { createBackground } from '../../background.ts';
import { openConsoleDb } from '../../console-db.ts';
import { createLogger } from '../logger.ts';
import { createConsoleMetrics } from '../metrics.ts';
import { startSyslogListener } from '../testing/listeners.ts';
import { startAuditStream } from './audit-stream.ts';
import { fileTarget } from './file-target.ts';
import type { StreamRecord, StreamTarget } from './stream-target.ts';
import { syslogMessage, syslogTarget } from './syslog-target.ts';

// CONSOLE_AUDIT_SINK's parts: the file (appended, flushed, rotated), the syslog connection
// (RFC 5424, octet-counted; what a broken connection may have lost is written again), and the stream
// putting each checkpoint after the rows it vouches for. audit-readers.test.ts runs it all in a console.

let dir: string;
let db: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'audit-stream-'));
  db = await openConsoleDb(':memory:');
}, 60_000);

afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const row = (seq: number): StreamRecord => ({ type: 'audit_row', seq: String(seq), at: '2026-12-07T20:00:00.000Z', json: { type: 'audit_row', seq, action: 'sign_in', note: 'x'.repeat(200) } });

test('the file: JSON lines appended in order, a new file past the size, the old one renamed and kept', async () => {
  const path = join(dir, 'audit', 'audit.jsonl');
  const target = fileTarget(path, 2_000);
  for (let seq = 1; seq <= 20; seq += 2) await target.write([row(seq), row(seq + 1)]);
  await target.close();
  const rotated = readdirSync(join(dir, 'audit')).filter((file) => file !== 'audit.jsonl').sort();
  expect(rotated.length).toBeGreaterThan(1);
  for (const file of rotated) expect(file).toMatch(/^audit\.jsonl\.\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(\.\d+)?$/);
  // The oldest file first, the current one last: every row once, in order.
  const files = [...rotated, 'audit.jsonl'];
  const lines = files.flatMap((file) => readFileSync(join(dir, 'audit', file), 'utf8').trimEnd().split('\n'));
  const seqs = lines.map((line) => z.object({ seq: z.number() }).parse(JSON.parse(line)).seq);
  expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  for (const file of files) expect(readFileSync(join(dir, 'audit', file)).length).toBeLessThanOrEqual(2_000 + 600);
});

test('syslog: RFC 5424 with an octet count; rows written just before the connection broke are to be written again', async () => {
  const listener = await startSyslogListener();
  const target = syslogTarget('127.0.0.1', listener.port);
  try {
    expect(syslogMessage(row(7))).toMatch(/^<110>1 2026-12-07T20:00:00\.000Z \S+ order-console \d+ audit - \{"type":"audit_row","seq":7,/);
    await target.write([row(1), row(2), row(3)]);
    await expect.poll(() => listener.messages.length).toBe(3);
    expect(target.takeRewind()).toBeNull();
    await listener.stop();
    await expect.poll(() => target.takeRewind()).toBe('1');
    await expect(target.write([row(4)])).rejects.toThrow();
    await listener.start();
    await target.write([row(1), row(2), row(3), row(4)]);
    await expect.poll(() => listener.messages.length).toBe(7);
  } finally {
    await target.close();
    await listener.stop();
  }
});

test('a checkpoint goes out after the rows it vouches for, never before', async () => {
  const log = createAuditLog(db, { key: TEST_AUDIT_KEY });
  const entry = (n: number) => ({ user: null, role: null, environment: null, action: 'test', order_id: null, body: { n }, outcome: 'ok', address: null, user_agent: null });
  for (let n = 1; n <= 3; n++) await log.record(entry(n));
  const written: StreamRecord[] = [];
  let held = true;
  const target: StreamTarget = {
    name: 'memory',
    async write(records) {
      // Rows 4 and later are held back a while: the checkpoint for 5 must wait for them.
      while (held && records.some((r) => r.type === 'audit_row' && Number(r.seq) > 3)) await new Promise((resolve) => setTimeout(resolve, 20));
      written.push(...records);
    },
    takeRewind: () => null,
    close: () => Promise.resolve(),
  };
  const work = createBackground();
  const stream = startAuditStream({ db, target, background: work.background, logger: createLogger({ format: 'json', level: 'silent' }), metrics: createConsoleMetrics() });
  try {
    await expect.poll(() => written.length).toBe(3);
    for (let n = 4; n <= 5; n++) await log.record(entry(n));
    stream.checkpoint({ seq: '5', at: '2026-12-07T20:00:01.000Z', kind: 'order-console-audit-checkpoint', mac: 'f'.repeat(64) });
    stream.wake();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(written.some((r) => r.type === 'audit_checkpoint')).toBe(false);
    held = false;
    await expect.poll(() => written.map((r) => `${r.type === 'audit_row' ? 'row' : 'checkpoint'} ${r.seq}`)).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5', 'checkpoint 5']);
    expect(written.at(-1)?.json).toMatchObject({ type: 'audit_checkpoint', seq: '5', kind: 'order-console-audit-checkpoint' });
  } finally {
    await work.stop();
  }
});
