import { Badge, Button, Table, Text } from '@mantine/core';
import type { TeamBulkRunState, TeamBulkRunSummary } from '../../../contract/bulk-runs.ts';
import { displayAmount, formatDateTime } from '../order-detail/order-format.ts';

// Team mode: the environment's bulk runs, newest first, any of them opened again from here.

const STATE_LABEL: Record<TeamBulkRunState, { label: string; color: string }> = {
  awaiting_approval: { label: 'waiting for approval', color: 'yellow' },
  withdrawn: { label: 'withdrawn', color: 'gray' },
  rejected: { label: 'rejected', color: 'red' },
  expired: { label: 'expired', color: 'gray' },
  running: { label: 'running', color: 'blue' },
  paused: { label: 'paused', color: 'yellow' },
  finished: { label: 'finished', color: 'green' },
};

export function TeamRunStateBadge({ state }: { state: TeamBulkRunState }) {
  const { label, color } = STATE_LABEL[state];
  return (
    // Never cut to "waiting for appr…" in a narrow column: the cell grows, the table scrolls.
    <Badge color={color} variant="light" miw="max-content">
      {label}
    </Badge>
  );
}

/** The newest runs shown; older ones stay in the audit log and the console's database. */
export const RUNS_SHOWN = 10;

export function TeamRunsList({ runs, onOpen }: { runs: readonly TeamBulkRunSummary[]; onOpen: (id: string) => void }) {
  if (runs.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="xs" aria-label="Bulk runs in this environment">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started, by</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Done</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.slice(0, RUNS_SHOWN).map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>
                <Text size="sm">{formatDateTime(run.created_at) ?? run.created_at}</Text>
                <Text size="xs" c="dimmed">
                  {run.requester}
                </Text>
              </Table.Td>
              <Table.Td>
                <TeamRunStateBadge state={run.state} />
              </Table.Td>
              <Table.Td ff="monospace">{displayAmount(run.total)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {run.progress.done} of {run.progress.total}
                </Text>
              </Table.Td>
              <Table.Td>
                <Button variant="subtle" size="xs" onClick={() => onOpen(run.id)} aria-label={`Open the run of ${formatDateTime(run.created_at) ?? run.created_at}`}>
                  Open
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
