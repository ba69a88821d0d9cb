import { renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { Queryable } from '../../db/store-db.ts';
import type { AuditKey } from './audit-key.ts';
import { sameMac } from './audit-key.ts';
import type { ChainHead } from './audit-verify.ts';

// docs/security.md, "The audit chain is keyed": the head of the chain (its newest row's seq and hash)
// signed with the audit key and written OUTSIDE the database at least every minute: to a file and to
// the server's log. A tamperer who can write the table can remove the newest rows, or every row, and
// leave a chain that holds; `npm run audit -- verify --checkpoint FILE` then finds the checkpoint's
// row gone or changed. Whoever writes checkpoints somewhere else (a log shipper, an audit sink) adds a
// CheckpointSink: the writer hands each checkpoint to every sink it was given.

export const CHECKPOINT_KIND = 'order-console-audit-checkpoint';

export const auditCheckpointSchema = z.object({
  kind: z.literal(CHECKPOINT_KIND),
  version: z.literal(1),
  /** The newest row's seq ("0": the log was empty) and hash when the checkpoint was made. */
  seq: z.string().regex(/^(0|[1-9][0-9]{0,18})$/),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** When it was made (this process's clock, UTC). */
  at: z.iso.datetime(),
  /** The audit key's id; `mac` is HMAC-SHA-256 under that key over the fields above. */
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AuditCheckpoint = z.infer<typeof auditCheckpointSchema>;

const EMPTY_HASH = '0'.repeat(64);
const signed = (c: Omit<AuditCheckpoint, 'mac'>) => JSON.stringify([c.kind, c.version, c.seq, c.hash, c.at, c.key_id]);

export function signCheckpoint(head: ChainHead | null, key: AuditKey, now = new Date()): AuditCheckpoint {
  const fields = { kind: CHECKPOINT_KIND, version: 1, seq: head?.seq ?? '0', hash: head?.hash ?? EMPTY_HASH, at: now.toISOString(), key_id: key.id } as const;
  return { ...fields, mac: key.mac(signed(fields)) };
}

const LOG_PREFIX = 'audit checkpoint: ';

/**
 * The checkpoint's JSON in a line: the file's, a plain log line's (`audit checkpoint: {…}`), or the
 * message of a JSON log line (LOG_FORMAT=json: src/server/ops/logger.ts), where any other event is no checkpoint.
 */
function checkpointText(line: string): string | null {
  const start = line.indexOf('{');
  if (start < 0) return null;
  const rest = line.slice(start);
  let value: unknown;
  try {
    value = JSON.parse(rest);
  } catch {
    return rest;
  }
  if (typeof value !== 'object' || value === null || !('msg' in value)) return rest;
  return typeof value.msg === 'string' && value.msg.startsWith(LOG_PREFIX) ? value.msg.slice(LOG_PREFIX.length) : null;
}

export type CheckpointReading = { ok: true; head: ChainHead | null; at: string } | { ok: false; problem: string };

/**
 * A checkpoint as written to its file or in a log line (`audit checkpoint: {…}`: the last line
 * holding one counts), checked against `key`: the head it vouches for, or why it cannot be trusted.
 */
export function readCheckpoint(text: string, key: AuditKey): CheckpointReading {
  const line = text
    .split(/\r?\n/)
    .map(checkpointText)
    .filter((l) => l !== null)
    .at(-1);
  let json: unknown;
  try {
    json = JSON.parse(line ?? '');
  } catch {
    return { ok: false, problem: 'it holds no checkpoint (a JSON object as the console writes it)' };
  }
  const parsed = auditCheckpointSchema.safeParse(json);
  if (!parsed.success) return { ok: false, problem: 'it is not a checkpoint as the console writes it' };
  const checkpoint = parsed.data;
  if (checkpoint.key_id !== key.id) return { ok: false, problem: `it is signed with the audit key ${checkpoint.key_id}, not with the key given (${key.id})` };
  const { mac, ...fields } = checkpoint;
  if (!sameMac(key.mac(signed(fields)), mac)) return { ok: false, problem: 'its signature does not hold: it was changed, or made without the audit key' };
  return { ok: true, head: checkpoint.seq === '0' ? null : { seq: checkpoint.seq, hash: checkpoint.hash }, at: checkpoint.at };
}

/** Somewhere a checkpoint is kept outside the database. */
export interface CheckpointSink {
  write(checkpoint: AuditCheckpoint): Promise<void> | void;
}

/** The file holds the newest checkpoint, replaced whole (written beside it, then renamed over it). */
export function fileCheckpointSink(path: string): CheckpointSink {
  return {
    write(checkpoint) {
      const next = `${path}.next`;
      writeFileSync(next, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
      renameSync(next, path);
    },
  };
}

/** One log line per new head (the same JSON: a line copied from the log verifies like the file). */
export function logCheckpointSink(log: (line: string) => void): CheckpointSink {
  let last: string | null = null;
  return {
    write(checkpoint) {
      if (last === `${checkpoint.seq}:${checkpoint.hash}`) return;
      last = `${checkpoint.seq}:${checkpoint.hash}`;
      log(`${LOG_PREFIX}${JSON.stringify(checkpoint)}`);
    },
  };
}

// audit_log.seq: the output's seq is text, and "9" would sort after "11".
const HEAD_SQL = 'SELECT seq::text AS seq, hash FROM audit_log ORDER BY audit_log.seq DESC LIMIT 1';

export interface CheckpointWriter {
  /** Reads the head, signs it and hands it to every sink now. */
  writeNow(): Promise<AuditCheckpoint>;
  /** Stops the timer and writes a last checkpoint (the head as the process leaves it). */
  stop(): Promise<void>;
}

export const CHECKPOINT_EVERY_MS = 60_000;

export function startCheckpointWriter(options: { db: Queryable; key: AuditKey; sinks: readonly CheckpointSink[]; everyMs?: number; log: (line: string) => void }): CheckpointWriter {
  const { db, key, sinks, log } = options;
  let running: Promise<unknown> = Promise.resolve();
  const writeNow = async () => {
    const { rows } = await db.query<{ seq: string; hash: string }>(HEAD_SQL);
    const checkpoint = signCheckpoint(rows[0] ?? null, key);
    for (const sink of sinks) await sink.write(checkpoint);
    return checkpoint;
  };
  // One at a time: a slow database never piles writes up.
  const tick = () => {
    running = running.then(writeNow).catch((error: unknown) => log(`audit checkpoint not written: ${error instanceof Error ? error.message : String(error)}`));
    return running;
  };
  void tick();
  const timer = setInterval(() => void tick(), options.everyMs ?? CHECKPOINT_EVERY_MS);
  timer.unref();
  return {
    writeNow: async () => {
      await running;
      return writeNow();
    },
    async stop() {
      clearInterval(timer);
      await tick();
    },
  };
}
