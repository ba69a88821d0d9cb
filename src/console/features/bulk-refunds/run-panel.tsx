import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { resultCsv, outcomeOf, stateDetail } from '../../../bulk/result-csv.ts';
import type { BulkRun, RowState } from '../../../bulk/run-model.ts';
import { runProgress } from '../../../bulk/run-model.ts';
import { downloadText } from '../journal/browser-actions.ts';

const OUTCOME_COLOR: Record<RowState['kind'], string> = {
  pending: 'gray',
  sending: 'blue',
  refunded: 'green',
  refused: 'red',
  skipped: 'orange',
  unknown: 'yellow',
};

const label = (state: RowState) => (state.kind === 'pending' ? 'waiting' : state.kind === 'sending' ? 'sending' : outcomeOf(state));

interface Props {
  run: BulkRun;
  running: boolean;
  onStop: () => void;
  onResume: () => void;
  onClear: () => void;
}

/** Progress while the run goes, the result when it is over; each row with its state. */
export function RunPanel({ run, running, onStop, onResume, onClear }: Props) {
  const progress = runProgress(run);
  const finished = run.finishedAt !== null;
  const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>{finished ? 'Bulk refund finished' : running ? 'Refunding…' : 'Bulk refund stopped'}</Text>
            <Text size="sm" c="dimmed">
              Total confirmed: {run.total}
            </Text>
          </Group>
          <Progress value={percent} aria-label="Refunds done" animated={running} />
          <Text role="status" aria-live="polite" data-testid="bulk-progress">
            {progress.done} of {progress.total} done · {progress.refunded} refunded · {progress.refused} refused · {progress.skipped} skipped
            {progress.unknown > 0 ? ` · ${progress.unknown} unknown` : ''}
          </Text>
          {run.leftOut.length > 0 && (
            <Text size="sm">
              {run.leftOut.length} row{run.leftOut.length === 1 ? ' of the file was' : 's of the file were'} not sent: the check found a problem (line
              {run.leftOut.length === 1 ? '' : 's'} {run.leftOut.map((r) => r.line).join(', ')}). The result CSV lists {run.leftOut.length === 1 ? 'it' : 'them'} as skipped.
            </Text>
          )}
          {!running && !finished && (
            <Alert color="yellow" title="This run is not finished">
              Resuming reads each order first: a refund whose answer never arrived is not sent again.
            </Alert>
          )}
          <Group gap="sm">
            {running && (
              <Button color="red" variant="light" onClick={onStop}>
                Stop
              </Button>
            )}
            {!running && !finished && <Button onClick={onResume}>Resume</Button>}
            <Button variant="default" onClick={() => downloadText(`${run.id}-result.csv`, resultCsv(run), 'text/csv;charset=utf-8')}>
              Download result (CSV)
            </Button>
            {!running && (
              <Button variant="default" onClick={onClear}>
                {finished ? 'New bulk refund' : 'Discard this run'}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      <Table.ScrollContainer minWidth={800}>
        <Table striped verticalSpacing="xs" aria-label="Refunds of the run">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Order</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {run.rows.map(({ plan, state }) => (
              <Table.Tr key={plan.key}>
                <Table.Td>{plan.line}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  <Link to={`/orders/${encodeURIComponent(plan.order_id)}`}>{plan.order_id}</Link>
                </Table.Td>
                <Table.Td ff="monospace">{plan.body.amount}</Table.Td>
                <Table.Td>{plan.reason}</Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLOR[state.kind]} variant="light" data-testid="bulk-row-outcome">
                    {label(state)}
                  </Badge>
                </Table.Td>
                <Table.Td fz="sm">{stateDetail(state)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
