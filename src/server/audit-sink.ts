import type { Database } from '../db/store-db.ts';
import type { AuditKey } from './audit/audit-key.ts';
import { createAuditLog } from './audit/audit-log.ts';

// docs/decisions.md D16: every action with its user. The seam the audit log (src/server/audit/: its hash
// chain, /audit and the exports) plugs into; the server records through consoleAuditSink. A body never holds a token: the server adds the token only when it
// forwards, after the entry is made from what the browser sent.

export type { AuditEntry, AuditSink } from './audit/audit-record.ts';
import type { AuditSink } from './audit/audit-record.ts';

/** The chained audit log (src/server/audit/), keyed with `key`; `secrets` are the partner tokens the server holds, never written. */
export function consoleAuditSink(db: Database, secrets: () => readonly string[], key: AuditKey): AuditSink {
  return createAuditLog(db, { secrets, key });
}

export const noAuditSink: AuditSink = { record: () => Promise.resolve() };
