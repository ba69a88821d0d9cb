import { z } from 'zod';
import { newPaymentIdentifier, newRefundExternalId } from '../../contract/refund-ids.ts';
import type { Queryable } from '../../db/store-db.ts';

// docs/security.md, "The approval threshold counts what an order's refunds add up to": every refund the
// console sends (the refund dialog's, an approved request's, a bulk run's row) is a row here, keyed by
// its payment_identifier, which the console server made. A row is `issued` when the identifiers are
// made for a refund under review (what the dialog shows is what is sent), `requested` while it waits
// for a second person, `sending` from the moment it is decided and counted, then `sent`, `failed` or
// `unknown` (the answer was lost and the order could not tell yet).
//
// What an order's refunds add up to within the window (CONSOLE_APPROVAL_WINDOW), whoever asked:
//   refunds counted here (sending, sent, unknown) decided within the window,
//   + approval requests still pending (console_approvals; once approved they are counted here),
//   + rows of open bulk runs not counted here yet (each row comes here just before it is sent).
// Refunds made outside the console (the PSP's own systems, with their own token) are not counted: the
// order's refunded amount says how much, never when. What one person refunded without a second person
// within 24 hours is the same sum over the rows nobody approved.

export const REFUND_LEDGER_MIGRATION = `
CREATE TABLE console_refunds (
  environment text NOT NULL,
  order_id text NOT NULL,
  payment_identifier text NOT NULL,
  external_id text NOT NULL,
  requester text NOT NULL,
  source text NOT NULL CHECK (source IN ('single', 'approval', 'bulk')),
  state text NOT NULL CHECK (state IN ('issued', 'requested', 'sending', 'sent', 'failed', 'unknown')),
  amount numeric(20, 2),
  approved_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, payment_identifier)
);
CREATE INDEX console_refunds_order ON console_refunds (environment, order_id, decided_at) WHERE state IN ('sending', 'sent', 'unknown');
CREATE INDEX console_refunds_person ON console_refunds (environment, requester, decided_at) WHERE approved_by IS NULL AND state IN ('sending', 'sent', 'unknown');
CREATE INDEX console_refunds_issued ON console_refunds (created_at) WHERE state = 'issued';
`;

const COUNTED = "('sending', 'sent', 'unknown')";
/** Identifiers made for a review are kept a day: a review left open longer asks for new ones. */
const ISSUED_FOR = "interval '1 day'";
const PERSON_WINDOW = "interval '24 hours'";

// pg_advisory_xact_lock(int, int)'s first key: constants only these decisions use.
const PERSON_LOCK = 1_329_803_856;
const ORDER_LOCK = 1_329_803_846;

/**
 * Inside a transaction: waits for every other decision about this person or these orders to commit,
 * so what this one counts includes theirs. Person first, then orders in one order: never a deadlock.
 */
export async function lockRefundDecision(tx: Queryable, environment: string, requester: string, orderIds: readonly string[]): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [PERSON_LOCK, `${environment}\n${requester}`]);
  for (const orderId of [...new Set(orderIds)].sort()) {
    await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [ORDER_LOCK, `${environment}\n${orderId}`]);
  }
}

const totalRow = z.object({ total: z.string() });
const total = (rows: unknown[]) => totalRow.parse(rows[0]).total;

// Rows of open bulk runs not counted in the ledger yet: waiting, or saved as on their way just before
// their row here is written.
const OPEN_BULK_ROWS = `
SELECT (r->'plan'->'body'->>'amount')::numeric AS amount
FROM console_bulk_runs b CROSS JOIN LATERAL jsonb_array_elements(b.run->'rows') r
WHERE b.environment = $1 AND b.state IN ('awaiting_approval', 'running', 'paused')
  AND r->'state'->>'kind' IN ('pending', 'sending')
  AND NOT EXISTS (SELECT 1 FROM console_refunds l WHERE l.environment = b.environment
                  AND l.payment_identifier = r->'plan'->'body'->>'payment_identifier' AND l.state IN ${COUNTED})`;

/**
 * What the order's refunds add up to within the window (see the top), two decimals; `except` (a
 * refund being decided again, its answer lost) is not counted twice.
 */
export async function orderWindowTotal(db: Queryable, environment: string, orderId: string, windowMs: number, except: string | null = null): Promise<string> {
  const { rows } = await db.query(
    `SELECT coalesce(sum(amount), 0)::numeric(20, 2)::text AS total FROM (
       SELECT amount FROM console_refunds
        WHERE environment = $1 AND order_id = $2 AND state IN ${COUNTED}
          AND decided_at > now() - $3::bigint * interval '1 millisecond' AND payment_identifier IS DISTINCT FROM $4
       UNION ALL
       SELECT amount::numeric FROM console_approvals WHERE environment = $1 AND order_id = $2 AND state = 'pending' AND expires_at > now()
       UNION ALL
       SELECT amount FROM (${OPEN_BULK_ROWS} AND r->'plan'->>'order_id' = $2) bulk
     ) counted`,
    [environment, orderId, windowMs, except],
  );
  return total(rows);
}

/** What `requester` refunded in `environment` within 24 hours with nobody's approval, and what their unapproved runs still hold. */
export async function personDayTotal(db: Queryable, environment: string, requester: string, except: string | null = null): Promise<string> {
  const { rows } = await db.query(
    `SELECT coalesce(sum(amount), 0)::numeric(20, 2)::text AS total FROM (
       SELECT amount FROM console_refunds
        WHERE environment = $1 AND requester = $2 AND approved_by IS NULL AND state IN ${COUNTED}
          AND decided_at > now() - ${PERSON_WINDOW} AND payment_identifier IS DISTINCT FROM $3
       UNION ALL
       SELECT amount FROM (${OPEN_BULK_ROWS} AND b.requester = $2 AND NOT b.needs_approval) bulk
     ) counted`,
    [environment, requester, except],
  );
  return total(rows);
}

export interface IssuedIds {
  payment_identifier: string;
  external_id: string;
}

/** New identifiers for a refund of this order under review by `requester` (the one generator: contract/refund-ids.ts). */
export async function issueRefundIds(db: Queryable, environment: string, orderId: string, requester: string): Promise<IssuedIds> {
  await db.query(`DELETE FROM console_refunds WHERE state = 'issued' AND created_at < now() - ${ISSUED_FOR}`);
  const ids = { payment_identifier: newPaymentIdentifier(), external_id: newRefundExternalId() };
  await db.query(`INSERT INTO console_refunds (environment, order_id, payment_identifier, external_id, requester, source, state) VALUES ($1, $2, $3, $4, $5, 'single', 'issued')`, [
    environment,
    orderId,
    ids.payment_identifier,
    ids.external_id,
    requester,
  ]);
  return ids;
}

const ledgerRow = z.object({ external_id: z.string(), state: z.enum(['issued', 'requested', 'sending', 'sent', 'failed', 'unknown']), requester: z.string(), order_id: z.string() });
export type LedgerRow = z.infer<typeof ledgerRow>;

/** The ledger's row of this payment identifier, or null: identifiers the console server did not make have none. */
export async function ledgerRowOf(db: Queryable, environment: string, paymentIdentifier: string): Promise<LedgerRow | null> {
  const { rows } = await db.query('SELECT external_id, state, requester, order_id FROM console_refunds WHERE environment = $1 AND payment_identifier = $2', [environment, paymentIdentifier]);
  return rows[0] === undefined ? null : ledgerRow.parse(rows[0]);
}

export interface CountedRefund {
  environment: string;
  orderId: string;
  paymentIdentifier: string;
  externalId: string;
  requester: string;
  source: 'single' | 'approval' | 'bulk';
  amount: string;
  approvedBy: string | null;
}

/** The refund is decided and counted from now (inside the decision's transaction): `sending`, whatever it was. */
export async function countRefund(db: Queryable, refund: CountedRefund): Promise<void> {
  await db.query(
    `INSERT INTO console_refunds (environment, order_id, payment_identifier, external_id, requester, source, state, amount, approved_by, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'sending', $7::numeric, $8, now())
     ON CONFLICT (environment, payment_identifier) DO UPDATE SET state = 'sending', amount = EXCLUDED.amount, source = EXCLUDED.source,
       approved_by = EXCLUDED.approved_by, decided_at = now(), updated_at = now()`,
    [refund.environment, refund.orderId, refund.paymentIdentifier, refund.externalId, refund.requester, refund.source, refund.amount, refund.approvedBy],
  );
}

/** An issued row that became an approval request (it is counted as the request while that is pending). */
export async function markRequested(db: Queryable, environment: string, paymentIdentifier: string): Promise<void> {
  await db.query(`UPDATE console_refunds SET state = 'requested', updated_at = now() WHERE environment = $1 AND payment_identifier = $2`, [environment, paymentIdentifier]);
}

/** What became of a counted refund. `failed`: the service refused it, nothing moved: it no longer counts. */
export async function settleRefund(db: Queryable, environment: string, paymentIdentifier: string, state: 'sent' | 'failed' | 'unknown'): Promise<void> {
  await db.query(`UPDATE console_refunds SET state = $3, updated_at = now() WHERE environment = $1 AND payment_identifier = $2 AND state IN ('sending', 'unknown')`, [
    environment,
    paymentIdentifier,
    state,
  ]);
}
