import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { z } from 'zod';
import type { Database } from '../../db/store-db.ts';
import type { StoredRow } from '../audit/audit-rows.ts';
import { ROW_COLUMNS } from '../audit/audit-rows.ts';
import type { Background } from '../background.ts';
import type { Logger } from './logger.ts';

// A reader of the audit log that goes through every row once committed, in order, and
// keeps how far it got in the console's database (console_audit_readers), so that a restart resumes
// from the last row it delivered, whichever process it runs in. Rows are committed in seq order (each
// append takes the chain's lock and the next seq: audit-log.ts), so "every row after N" misses none.
// Of several processes one reads at a time: the one holding the reader's lease, renewed as it goes;
// a process that dies leaves it to run out. A delivery that fails is tried again from the same row,
// after a pause that grows with each failure: at least once, never skipped.

const LEASE_MS = 15_000;
const BATCH = 200;
const IDLE_MS = 1_000;

export interface AuditReaderOptions {
  db: Database;
  /** The reader's name in console_audit_readers (`notify`, `sink file:/var/log/...`). */
  reader: string;
  /** Where a reader that has never run starts: the first row (everything), or the newest (what comes next). */
  startAt: 'first' | 'head';
  background: Background;
  logger: Logger;
  /** Handles rows in order; resolves once they are delivered (a rejection: the same rows again later). */
  deliver(rows: readonly StoredRow[]): Promise<void>;
  /** A row from which to deliver again (the target lost what it had taken), or null. Asked before each read. */
  takeRewind?(): string | null;
  /** Between reads, when nothing is due (the sink's checkpoints). */
  idle?(delivered: string): Promise<void>;
  idleMs?: number;
  /** Once the reader has stopped (the server closing): let its target go. */
  stopped?(): Promise<void>;
}

export interface AuditReader {
  /** There may be new rows: read now rather than at the next poll. */
  wake(): void;
}

const positionRow = z.object({ delivered_seq: z.string() });
// audit_log.seq, not seq: ROW_COLUMNS names its text as seq, and "10" sorts before "8".
const SELECT_ROWS = `SELECT ${ROW_COLUMNS} FROM audit_log WHERE audit_log.seq > $1::bigint ORDER BY audit_log.seq LIMIT $2::int`;

export function startAuditReader(options: AuditReaderOptions): AuditReader {
  const { db, reader, background, logger } = options;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const idleMs = options.idleMs ?? IDLE_MS;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  /** Waits `ms`, or less when the server closes or (`wakeable`) a row is appended in this process. */
  const pause = (ms: number, wakeable = true) =>
    new Promise<void>((resolve) => {
      if ((wakeable && woken) || background.signal.aborted) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        background.signal.removeEventListener('abort', done);
        if (wakeUp === done) wakeUp = null;
        if (wakeable) woken = false;
        resolve();
      }
      if (wakeable) wakeUp = done;
      background.signal.addEventListener('abort', done, { once: true });
    });

  /** This process's lease on the reader, and the last row delivered; null while another process reads. */
  const claim = async (): Promise<string | null> => {
    await db.query(
      `INSERT INTO console_audit_readers (reader, delivered_seq)
       VALUES ($1, CASE WHEN $2 THEN (SELECT coalesce(max(seq), 0) FROM audit_log) ELSE 0 END) ON CONFLICT (reader) DO NOTHING`,
      [reader, options.startAt === 'head'],
    );
    const { rows } = await db.query(
      `UPDATE console_audit_readers SET lease_owner = $2, lease_until = now() + $3::bigint * interval '1 millisecond'
       WHERE reader = $1 AND (lease_owner IS NULL OR lease_owner = $2 OR lease_until <= now()) RETURNING delivered_seq::text AS delivered_seq`,
      [reader, owner, LEASE_MS],
    );
    return rows[0] === undefined ? null : positionRow.parse(rows[0]).delivered_seq;
  };

  const record = (seq: string) =>
    db.query('UPDATE console_audit_readers SET delivered_seq = $3::bigint, updated_at = now() WHERE reader = $1 AND lease_owner = $2', [reader, owner, seq]);

  const run = async () => {
    let failures = 0;
    while (!background.signal.aborted) {
      let due: boolean;
      try {
        let position = await claim();
        if (position === null) {
          await pause(LEASE_MS / 3);
          continue;
        }
        const rewind = options.takeRewind?.() ?? null;
        if (rewind !== null && BigInt(rewind) <= BigInt(position)) {
          position = String(BigInt(rewind) - 1n);
          await record(position);
        }
        const { rows } = await db.query<StoredRow>(SELECT_ROWS, [position, BATCH]);
        const last = rows.at(-1);
        if (last !== undefined) {
          await options.deliver(rows);
          await record(last.seq);
          position = last.seq;
        }
        await options.idle?.(position);
        failures = 0;
        due = rows.length === BATCH;
      } catch (error) {
        failures += 1;
        if (!background.signal.aborted) logger.warn({ err: error, reader, failures }, `audit reader ${reader}: ${error instanceof Error ? error.message : String(error)}; trying again`);
        await pause(Math.min(30_000, 500 * 2 ** Math.min(failures, 6)), false);
        continue;
      }
      if (!due) await pause(idleMs);
    }
    await db.query('UPDATE console_audit_readers SET lease_owner = NULL, lease_until = NULL WHERE reader = $1 AND lease_owner = $2', [reader, owner]).catch(() => undefined);
    await options.stopped?.().catch(() => undefined);
  };

  background.track(run());
  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
  };
}
