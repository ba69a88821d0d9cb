// CONSOLE_AUDIT_SINK: what the audit stream writes (each audit row as stored, and the
// signed checkpoints of the chain's head) and the one thing every place it writes to must do.

export interface StreamRecord {
  type: 'audit_row' | 'audit_checkpoint';
  /** The row's seq; for a checkpoint, the seq of the head it vouches for. */
  seq: string;
  /** When the row was appended (the checkpoint made), ISO 8601 UTC. */
  at: string;
  /** The whole record, as one JSON object (its `type` first). */
  json: Record<string, unknown>;
}

export interface StreamTarget {
  /** What it is, without a secret: `file /var/log/order-console/audit.jsonl`, `syslog logs.internal:6514`. */
  readonly name: string;
  /** Resolves once the records are as safe as this target can make them (on disk; handed to the connection). */
  write(records: readonly StreamRecord[]): Promise<void>;
  /** The first row to write again because the target may have lost it, or null. */
  takeRewind(): string | null;
  close(): Promise<void>;
}

export const recordLine = (record: StreamRecord) => JSON.stringify(record.json);
