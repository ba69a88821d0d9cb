import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { useServerConfigPending } from '../../lib/use-server-config.ts';
import { useIsTeamMode } from '../../lib/use-team.ts';
import { PreparePanel } from './prepare-panel.tsx';
import { RunPanel } from './run-panel.tsx';
import { TeamBulkRefunds } from './team-bulk-refunds.tsx';
import { useBulkRun } from './use-bulk-run.ts';

// Refund many orders from a CSV file, each exactly once. Personal mode runs it in this tab
// (bulk/'s engine); team mode hands it to the console server (team-bulk-refunds.tsx).

function PersonalBulkRefunds({ environment }: { environment: Environment }) {
  const bulk = useBulkRun(environment);
  return (
    <Stack gap="md">
      {bulk.error !== null && (
        <Alert color="red" title="The run cannot be kept">
          {bulk.error}
        </Alert>
      )}
      {bulk.controls === null ? <PreparePanel environment={environment} team={null} onStart={bulk.start} /> : <RunPanel controls={bulk.controls} />}
    </Stack>
  );
}

export function BulkRefundsPage() {
  const environment = useActiveEnvironment();
  const team = useIsTeamMode();
  // Which mode decides where a run lives: a file chosen before the answer would be lost when it came.
  const pending = useServerConfigPending();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Bulk refunds</Title>
        <Text c="dimmed" size="sm">
          Refund many orders of {environment.name} from a CSV file: checked first, sent at a bounded rate, each exactly once.
        </Text>
      </div>
      {/* Another environment, another run: nothing of one is shown or sent in the other. */}
      {pending ? (
        <Loader role="status" aria-label="Asking the console server" />
      ) : team ? (
        <TeamBulkRefunds key={environment.id} environment={environment} />
      ) : (
        <PersonalBulkRefunds key={environment.id} environment={environment} />
      )}
    </Stack>
  );
}
