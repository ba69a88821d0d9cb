import { z } from 'zod';
import type { Database } from '../../../db/store-db.ts';
import type { StoredRow } from '../../audit/audit-rows.ts';
import { toAuditRow } from '../../audit/audit-rows.ts';
import type { Background } from '../../background.ts';
import { startAuditReader } from '../audit-reader.ts';
import type { Logger } from '../logger.ts';
import type { ConsoleMetrics } from '../metrics.ts';
import type { StreamRecord, StreamTarget } from './stream-target.ts';

// CONSOLE_AUDIT_SINK: every audit row, as it is committed, to a file or a syslog server,
// at least once, in order, resuming after a restart from the last row delivered (audit-reader.ts
// keeps the position in the console's database). The signed checkpoints of the chain's head go the
// same way, each after the rows it vouches for: the stream alone then shows rows removed at its end.

const MAX_WAITING_CHECKPOINTS = 10;

/** A checkpoint of the chain's head: at least the head's seq and when it was made; the rest is the signer's. */
export const checkpointSchema = z.looseObject({ seq: z.string().regex(/^\d{1,19}$/), at: z.string() });
export type Checkpoint = z.infer<typeof checkpointSchema>;

export const rowRecord = (row: StoredRow): StreamRecord => ({ type: 'audit_row', seq: row.seq, at: row.at, json: { type: 'audit_row', ...toAuditRow(row) } });
const checkpointRecord = (checkpoint: Checkpoint): StreamRecord => ({ type: 'audit_checkpoint', seq: checkpoint.seq, at: checkpoint.at, json: { type: 'audit_checkpoint', ...checkpoint } });

export interface AuditStream {
  /** The reader's name in console_audit_readers. */
  readonly reader: string;
  /** A new row was appended in this process: stream it now. */
  wake(): void;
  /** A signed head to stream once the rows up to it are delivered (audit-checkpoint.ts's sinks). */
  checkpoint(checkpoint: Checkpoint): void;
}

export function startAuditStream(options: { db: Database; target: StreamTarget; background: Background; logger: Logger; metrics: ConsoleMetrics }): AuditStream {
  const { target, metrics } = options;
  const waiting: Checkpoint[] = [];
  const reader = `sink ${target.name}`;
  const counted = async (records: readonly StreamRecord[]) => {
    try {
      await target.write(records);
    } catch (error) {
      metrics.sinkErrors.inc();
      throw error;
    }
    for (const record of records) metrics.sinkRecords.inc({ type: record.type === 'audit_row' ? 'row' : 'checkpoint' });
  };
  const tail = startAuditReader({
    db: options.db,
    reader,
    startAt: 'first',
    background: options.background,
    logger: options.logger,
    deliver: (rows) => counted(rows.map(rowRecord)),
    takeRewind: () => target.takeRewind(),
    async idle(delivered) {
      const due = waiting.filter((c) => BigInt(c.seq) <= BigInt(delivered));
      if (due.length === 0) return;
      await counted(due.map(checkpointRecord));
      for (const done of due) waiting.splice(waiting.indexOf(done), 1);
    },
    stopped: () => target.close(),
  });
  metrics.onScrape(async () => {
    const { rows } = await options.db.query(
      'SELECT r.delivered_seq::text AS delivered, (SELECT coalesce(max(seq), 0) FROM audit_log)::text AS head FROM console_audit_readers r WHERE r.reader = $1',
      [reader],
    );
    const row = z.object({ delivered: z.string(), head: z.string() }).safeParse(rows[0]);
    if (!row.success) return;
    metrics.sinkDelivered.set(Number(row.data.delivered));
    metrics.sinkLag.set(Number(BigInt(row.data.head) - BigInt(row.data.delivered)));
  });
  return {
    reader,
    wake: () => tail.wake(),
    checkpoint(checkpoint) {
      waiting.push(checkpoint);
      if (waiting.length > MAX_WAITING_CHECKPOINTS) waiting.shift();
      tail.wake();
    },
  };
}
