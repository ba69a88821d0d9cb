import { Alert, Stack, Text, Title } from '@mantine/core';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { PreparePanel } from './prepare-panel.tsx';
import { RunPanel } from './run-panel.tsx';
import { useBulkRun } from './use-bulk-run.ts';

// Issue 28, personal mode: refund many orders from a CSV file, each exactly once. The checks and
// the run engine are bulk/'s, shared with the console server for team mode.

function BulkRefunds({ environment }: { environment: Environment }) {
  const bulk = useBulkRun(environment);
  return (
    <Stack gap="md">
      {bulk.storageError !== null && (
        <Alert color="red" title="The run cannot be kept">
          {bulk.storageError}
        </Alert>
      )}
      {bulk.run === null ? (
        <PreparePanel environment={environment} onStart={bulk.start} />
      ) : (
        <RunPanel run={bulk.run} running={bulk.running} onStop={bulk.stop} onResume={bulk.resume} onClear={bulk.clear} />
      )}
    </Stack>
  );
}

export function BulkRefundsPage() {
  const environment = useActiveEnvironment();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Bulk refunds</Title>
        <Text c="dimmed" size="sm">
          Refund many orders of {environment.name} from a CSV file: checked first, sent at a bounded rate, each exactly once.
        </Text>
      </div>
      {/* Another environment, another run: nothing of one is shown or sent in the other. */}
      <BulkRefunds key={environment.id} environment={environment} />
    </Stack>
  );
}
