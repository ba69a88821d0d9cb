import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useIsTeamMode, useTeamMe } from '../../lib/use-team.ts';
import { approvalQueries } from './approval-api.ts';
import { ApprovalQueueCard } from './approval-queue-card.tsx';
import { BulkApprovals } from './bulk-approvals.tsx';

// docs/decisions.md D17: /approvals, the approvers' queue (waiting requests first, then the last day's),
// and the bulk refunds waiting for a second person.

export function ApprovalsPage() {
  const team = useIsTeamMode();
  const query = useQuery({ ...approvalQueries.queue(), enabled: team });
  const approver = useTeamMe()?.environments.some((e) => e.permissions.includes('approve:refund')) === true;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>Approvals</Title>
      {!team && <Text>Approvals belong to team mode (a console with sign-in); this console is a personal one.</Text>}
      {team && query.isPending && <Loader role="status" aria-label="Loading the queue" />}
      {query.error !== null && <Alert color="red">{query.error.message}</Alert>}
      <BulkApprovals enabled={team && approver} />
      {team && (
        <Title order={2} size="h3">
          Refunds
        </Title>
      )}
      {query.data !== undefined && query.data.length === 0 && <Text>No single refund is waiting for approval.</Text>}
      {query.data?.map((entry) => <ApprovalQueueCard key={entry.approval.id} entry={entry} />)}
    </Stack>
  );
}
