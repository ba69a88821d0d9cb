// docs/decisions.md D17: the approvals' tables in the console's database: one of migrateConsoleDb's
// numbered steps, idempotent (IF NOT EXISTS), since databases from before it had them already.
//
// `lease_until`: a request in `sending` or `unknown` belongs to the process that claimed it until
// then; after it, any process may take it over and resolve it by reading the order (the claimer
// was killed, or lost the answer and its retry failed too).

export const APPROVALS_SCHEMA = `
CREATE TABLE IF NOT EXISTS console_approvals (
  id uuid PRIMARY KEY,
  environment text NOT NULL,
  order_id text NOT NULL,
  amount text NOT NULL,
  destination_account_number text NOT NULL,
  payment_identifier text NOT NULL,
  external_id text NOT NULL,
  reason text NOT NULL,
  reason_note text,
  requester text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'withdrawn', 'rejected', 'expired', 'sending', 'unknown', 'sent', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_by text,
  decided_at timestamptz,
  decision_note text,
  lease_until timestamptz,
  answer jsonb,
  resolution text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (environment, order_id, payment_identifier)
);
CREATE INDEX IF NOT EXISTS console_approvals_order ON console_approvals (environment, order_id, created_at);
CREATE INDEX IF NOT EXISTS console_approvals_open ON console_approvals (state, expires_at) WHERE state IN ('pending', 'sending', 'unknown');
CREATE TABLE IF NOT EXISTS console_approval_events (
  id bigserial PRIMARY KEY,
  approval_id uuid NOT NULL REFERENCES console_approvals (id),
  at timestamptz NOT NULL DEFAULT now(),
  actor text,
  kind text NOT NULL,
  state text NOT NULL,
  detail jsonb
);
CREATE INDEX IF NOT EXISTS console_approval_events_approval ON console_approval_events (approval_id, id);
`;
