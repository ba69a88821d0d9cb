import type { Queryable } from '../db/store-db.ts';

// decisions.md D16: every action with its user. This is the seam the audit log (src/server/audit/,
// its hash chain, /audit and the exports) plugs into; until then the default sink appends each entry
// to the console_actions table. A body never holds a token: the server adds the token only when it
// forwards, after the entry is made from what the browser sent.

export interface AuditEntry {
  user: string | null;
  role: string | null;
  environment: string | null;
  /** sign_in, sign_in_failed, sign_out, order_create, refund_request, forbidden, user_add, user_disable, user_set_role. */
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

/** Appends to console_actions (no chain: the audit log brings that). */
export function tableAuditSink(db: Queryable): AuditSink {
  return {
    async record(entry) {
      await db.query(
        'INSERT INTO console_actions ("user", role, environment, action, order_id, body, outcome, address, user_agent) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)',
        [entry.user, entry.role, entry.environment, entry.action, entry.order_id, entry.body === undefined ? null : JSON.stringify(entry.body), entry.outcome, entry.address, entry.user_agent],
      );
    },
  };
}

export const noAuditSink: AuditSink = { record: () => Promise.resolve() };
