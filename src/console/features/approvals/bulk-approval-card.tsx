import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TeamBulkRunSummary } from '../../../contract/bulk-runs.ts';
import { environmentStore } from '../../lib/environments.ts';
import { useTeamMe } from '../../lib/use-team.ts';
import { decideTeamBulkRun, teamBulkQueries } from '../bulk-refunds/team-bulk-api.ts';
import { displayAmount, formatAge, formatDateTime } from '../order-detail/order-format.ts';
import { useNow } from '../order-detail/use-now.ts';
import { Fact, HALF, WHOLE } from './approval-queue-card.tsx';

// A bulk refund over the threshold waits in the approvers' queue beside single
// refunds: who asked, the total, how many rows, how old and until when, a link to its rows, and
// Approve or Reject with a note. Its requester sees why they cannot decide on it.

export const OWN_BATCH_REASON = 'You asked for this bulk refund, so another approver must decide on it.';

export type BulkDecision = 'approve' | 'reject';

/** The page that shows the batch's rows: the bulk refunds page, in the batch's environment, with the run open. */
export const batchRowsPath = (id: string) => `/refunds/bulk?run=${encodeURIComponent(id)}`;

export function BulkApprovalCard({ batch, onDecided }: { batch: TeamBulkRunSummary; onDecided: (batch: TeamBulkRunSummary, decision: BulkDecision) => void }) {
  const me = useTeamMe();
  const now = useNow();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (decision: BulkDecision) => decideTeamBulkRun(batch.id, decision, note),
    retry: false,
    onSuccess: (_answer, decision) => onDecided(batch, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamBulkQueries.all() }),
  });
  const own = batch.requester === me?.email;
  const rows = batch.progress.total;
  const environmentName = me?.environments.find((e) => e.id === batch.environment)?.name ?? batch.environment;
  return (
    <Paper withBorder p="md" radius="md" data-testid="bulk-approval-request" component="article" aria-label={`Bulk refund of ${displayAmount(batch.total)}, ${rows} orders, asked by ${batch.requester}`}>
      <Stack gap="sm">
        <Text fw={600} size="lg">
          Bulk refund of {displayAmount(batch.total)}: {rows} order{rows === 1 ? '' : 's'}
        </Text>
        <Grid gap="sm">
          <Fact label="Asked by" span={WHOLE}>
            {batch.requester}, {formatAge(now - Date.parse(batch.created_at))}
          </Fact>
          <Fact label="Environment" span={HALF}>{environmentName}</Fact>
          <Fact label="Expires" span={HALF}>{batch.expires_at === null ? 'never' : (formatDateTime(batch.expires_at) ?? batch.expires_at)}</Fact>
          <Fact label="Rows" span={WHOLE}>
            {/* The rows are on the bulk refunds page of the batch's environment. */}
            <Anchor component={Link} to={batchRowsPath(batch.id)} size="sm" onClick={() => environmentStore.activate(batch.environment)}>
              See the {rows} row{rows === 1 ? '' : 's'}
            </Anchor>
          </Fact>
        </Grid>
        {own ? (
          <Text size="sm">{OWN_BATCH_REASON}</Text>
        ) : (
          <>
            <Textarea label="Note" description="Kept with your decision in the audit log" value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={2} maxLength={500} />
            <Group>
              <Button loading={decide.isPending && decide.variables === 'approve'} disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                Approve and send
              </Button>
              <Button variant="default" color="red" loading={decide.isPending && decide.variables === 'reject'} disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
                Reject
              </Button>
            </Group>
          </>
        )}
        {decide.error !== null && <Alert color="red">{decide.error.message}</Alert>}
      </Stack>
    </Paper>
  );
}
