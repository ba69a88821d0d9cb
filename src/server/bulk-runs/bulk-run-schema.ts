// D16/D17: the team's bulk refund runs in the console's database, one row per run.
// `run` is run-model's BulkRun (the plan and every row's state), rewritten before every refund is
// sent; `progress` is its counts, kept beside it so a list of runs never reads the plans.
// `lease_owner`/`lease_until`: the process sending a run holds it until then (renewed while it
// sends); after it, another process may take the run over and go on from what was saved.
// `plan_id` is the browser's id of the plan: the same plan posted twice is one run, not two.

export const BULK_RUNS_MIGRATION = `
CREATE TABLE console_bulk_runs (
  id uuid PRIMARY KEY,
  plan_id text NOT NULL,
  environment text NOT NULL,
  requester text NOT NULL,
  state text NOT NULL CHECK (state IN ('awaiting_approval', 'withdrawn', 'rejected', 'expired', 'running', 'paused', 'finished')),
  state_reason text,
  total text NOT NULL,
  needs_approval boolean NOT NULL,
  expires_at timestamptz,
  decided_by text,
  decided_at timestamptz,
  decision_note text,
  run jsonb NOT NULL,
  progress jsonb NOT NULL,
  lease_owner text,
  lease_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (environment, plan_id)
);
CREATE INDEX console_bulk_runs_env ON console_bulk_runs (environment, created_at DESC);
CREATE INDEX console_bulk_runs_open ON console_bulk_runs (state, lease_until) WHERE state IN ('awaiting_approval', 'running');
`;
