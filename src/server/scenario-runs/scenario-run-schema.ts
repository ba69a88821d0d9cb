// Sign-off scenario runs the console server makes (D14 in team mode), one row per run. The process
// that started a run writes its progress (`live`, `info`, `prompt`) as it goes and its `outcome` at
// the end, and beats `heartbeat_at` while it runs; any process answers its reads, and a read of a run
// whose heartbeat stopped says it was interrupted. `stop_requested` and `answer` are how a person's
// Stop and a "needs a person" answer reach the process running it, whichever process they came to.

export const SCENARIO_RUNS_MIGRATION = `
CREATE TABLE console_scenario_runs (
  id uuid PRIMARY KEY,
  environment text NOT NULL,
  requester text NOT NULL,
  state text NOT NULL CHECK (state IN ('running', 'finished', 'stopped', 'failed', 'interrupted')),
  message text,
  scenario_ids jsonb NOT NULL,
  info jsonb,
  live jsonb NOT NULL,
  prompt jsonb,
  answer text CHECK (answer IN ('done', 'skip')),
  stop_requested boolean NOT NULL DEFAULT false,
  outcome jsonb,
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX console_scenario_runs_env ON console_scenario_runs (environment, created_at DESC);
CREATE UNIQUE INDEX console_scenario_runs_one_running ON console_scenario_runs (environment) WHERE state = 'running';
`;
