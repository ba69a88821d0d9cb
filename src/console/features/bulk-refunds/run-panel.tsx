import { Alert, Badge, Button, Group, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import { IndexedOrderFacts } from '../order-index/indexed-order-facts.tsx';
import { useEffect, useRef } from 'react';
import { outcomeOf, stateDetail } from '../../../bulk/result-csv.ts';
import type { RowState } from '../../../contract/bulk-run-model.ts';
import { runProgress } from '../../../bulk/run-model.ts';
import type { RunControls } from './run-source.ts';

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
  controls: RunControls;
  /** What only the server's run has to say (who asked, approval, why it paused), under the heading. */
  notice?: ReactNode;
  /** Team mode: the index's records of the rows' orders (external id, customer, amounts now). */
  indexed?: ReadonlyMap<string, IndexedOrder>;
}

/** Progress while the run goes, the result when it is over; each row with its state. */
export function RunPanel({ controls, notice, indexed }: Props) {
  const { run, running, stop, resume, clear, result } = controls;
  const progress = runProgress(run);
  const finished = run.finishedAt !== null;
  const heading = controls.heading ?? (finished ? 'Bulk refund finished' : running ? 'Refunding…' : 'Bulk refund stopped');
  // The confirmation that started the run is gone, and its button with it: focus lands on the run
  // instead of the top of the page, so a keyboard or screen reader user is where the news is.
  const headingRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), [run.id]);
  const percent = progress.total === 0 ? 100 : (progress.done / progress.total) * 100;
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {heading}
            </Text>
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
          {notice}
          {resume !== null && (
            <Alert color="yellow" title="This run is not finished">
              Resuming reads each order first: a refund whose answer never arrived is not sent again.
            </Alert>
          )}
          <Group gap="sm">
            {stop !== null && (
              <Button color="red" variant="light" onClick={stop.action}>
                {stop.label}
              </Button>
            )}
            {resume !== null && <Button onClick={resume}>Resume</Button>}
            {result.kind === 'download' ? (
              <Button variant="default" onClick={result.save}>
                Download result (CSV)
              </Button>
            ) : (
              // The server writes the file; the session cookie goes along with a plain link on this origin.
              <Button component="a" variant="default" href={result.href} download={result.fileName}>
                Download result (CSV)
              </Button>
            )}
            {clear !== null && (
              <Button variant="default" onClick={clear.action}>
                {clear.label}
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
                  <IndexedOrderFacts record={indexed?.get(plan.order_id.toLowerCase())} />
                </Table.Td>
                <Table.Td ff="monospace">{plan.body.amount}</Table.Td>
                <Table.Td>{plan.reason}</Table.Td>
                <Table.Td>
                  {/* A badge's label may be cut short, so the table would squeeze it to "REFUND…": never narrower than its word. */}
                  <Badge color={OUTCOME_COLOR[state.kind]} variant="light" data-testid="bulk-row-outcome" miw="max-content">
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
