import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TeamBulkRunSummary } from '../../../contract/bulk-runs.ts';
import { environmentStore } from '../../lib/environments.ts';
import { teamBulkQueries } from '../bulk-refunds/team-bulk-api.ts';
import { displayAmount } from '../order-detail/order-format.ts';
import type { BulkDecision } from './bulk-approval-card.tsx';
import { batchRowsPath, BulkApprovalCard } from './bulk-approval-card.tsx';

// The bulk refunds waiting for a second person, in the approvers' queue. A batch
// decided here leaves the server's list; what was decided stays said on this page.

export function BulkApprovals({ enabled }: { enabled: boolean }) {
  const query = useQuery({ ...teamBulkQueries.awaiting(), enabled });
  const [decided, setDecided] = useState<{ batch: TeamBulkRunSummary; decision: BulkDecision }[]>([]);
  const waiting = (query.data ?? []).filter((b) => !decided.some((d) => d.batch.id === b.id));
  if (waiting.length === 0 && decided.length === 0 && query.error === null) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Bulk refunds waiting">
      <Title order={2} size="h3">
        Bulk refunds
      </Title>
      {query.error !== null && <Alert color="red">{query.error.message}</Alert>}
      {decided.map(({ batch, decision }) => (
        <Alert key={batch.id} color={decision === 'approve' ? 'green' : 'gray'} role="status">
          {decision === 'approve' ? 'Approved' : 'Rejected'}: the bulk refund of {displayAmount(batch.total)} asked by {batch.requester}
          {decision === 'approve' ? ' is being sent by the console server. ' : '; nothing of it is sent. '}
          <Anchor component={Link} to={batchRowsPath(batch.id)} onClick={() => environmentStore.activate(batch.environment)}>
            See its rows
          </Anchor>
        </Alert>
      ))}
      {waiting.map((batch) => (
        <BulkApprovalCard key={batch.id} batch={batch} onDecided={(b, decision) => setDecided((list) => [{ batch: b, decision }, ...list])} />
      ))}
    </Stack>
  );
}
