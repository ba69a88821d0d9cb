import type { Database } from '../db/store-db.ts';
import { createAuditLog } from './audit/audit-log.ts';

// docs/decisions.md D16: every action with its user. The seam the audit log (src/server/audit/: its hash
// chain, /audit and the exports) plugs into; the server records through consoleAuditSink. A body never holds a token: the server adds the token only when it
// forwards, after the entry is made from what the browser sent.

export interface AuditEntry {
  user: string | null;
  role: string | null;
  environment: string | null;
  /** sign_in, sign_in_failed, sign_out, order_create, refund_request, forbidden, user_add, user_disable, user_enable, user_set_role. */
  action: string;
  order_id: string | null;
  body: unknown;
  /** `ok`, `refused`, the service's status (`201`, `409`), `service_unreachable`... */
  outcome: string;
  address: string | null;
  user_agent: string | null;
}

export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

/** The chained audit log (src/server/audit/); `secrets` are the partner tokens the server holds, never written. */
export function consoleAuditSink(db: Database, secrets: () => readonly string[]): AuditSink {
  return createAuditLog(db, { secrets });
}

export const noAuditSink: AuditSink = { record: () => Promise.resolve() };
