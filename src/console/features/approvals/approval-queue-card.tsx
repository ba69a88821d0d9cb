import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTeamMe } from '../../lib/use-team.ts';
import { displayAmount, formatAge } from '../order-detail/order-format.ts';
import { useNow } from '../order-detail/use-now.ts';
import type { QueueEntry } from './approval-api.ts';
import { useDecision } from './approval-api.ts';
import { ApprovalStateBadge } from './approval-state.tsx';
import { ApprovalTrail } from './approval-trail.tsx';

// docs/decisions.md D17: one request in the approvers' queue: the refund, who asked and why, the order
// as the service answers now and what its refunds add up to, a note, Approve and Reject. The
// requester sees why they cannot decide on their own request.

export const OWN_REQUEST_REASON = 'You asked for this refund, so another approver must decide on it.';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function ApprovalQueueCard({ entry }: { entry: QueueEntry }) {
  const { approval, order } = entry;
  const me = useTeamMe();
  const now = useNow();
  const decision = useDecision();
  const [note, setNote] = useState('');
  const [trailOpen, setTrailOpen] = useState(false);
  const own = approval.requester === me?.email;
  const waiting = approval.state === 'pending';
  const orderPath = `/orders/${approval.order_id}`;
  return (
    <Paper withBorder p="md" radius="md" data-testid="approval-request" component="article" aria-label={`Refund of ${displayAmount(approval.amount)} on order ${approval.order_id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="lg">
            Refund of {displayAmount(approval.amount)}
          </Text>
          <ApprovalStateBadge state={approval.state} />
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label="Order">
            <Anchor component={Link} to={orderPath} size="sm">
              {approval.order_id.slice(0, 8)}…
            </Anchor>{' '}
            ({approval.environment})
          </Fact>
          <Fact label="Asked by">
            {approval.requester}, {formatAge(now - Date.parse(approval.created_at))}
          </Fact>
          <Fact label="Reason">{approval.reason_note === null ? approval.reason : `${approval.reason}: ${approval.reason_note}`}</Fact>
          <Fact label="To account">{approval.destination_account_number}</Fact>
          {order !== null && 'status' in order && (
            <>
              <Fact label="Order now">{order.status}</Fact>
              <Fact label="Refunded so far">
                {displayAmount(order.refund_amount)} of {displayAmount(order.initial_amount)}
              </Fact>
              <Fact label="Left to refund">{displayAmount(order.current_amount)}</Fact>
            </>
          )}
        </SimpleGrid>
        {order !== null && 'unavailable' in order && <Alert color="yellow">{order.unavailable}</Alert>}
        {approval.answer !== null && approval.state !== 'sent' && (
          <Text size="sm" c="dimmed">
            Last answer from the service: HTTP {approval.answer.status}
          </Text>
        )}
        {waiting && own && <Text size="sm">{OWN_REQUEST_REASON}</Text>}
        {waiting && !own && (
          <>
            <Textarea label="Note" description="Kept with your decision in the audit log" value={note} onChange={(e) => setNote(e.currentTarget.value)} rows={2} maxLength={500} />
            <Group>
              <Button loading={decision.isPending && decision.variables.decision === 'approve'} disabled={decision.isPending} onClick={() => decision.mutate({ id: approval.id, decision: 'approve', note })}>
                Approve and send
              </Button>
              <Button variant="default" color="red" loading={decision.isPending && decision.variables.decision === 'reject'} disabled={decision.isPending} onClick={() => decision.mutate({ id: approval.id, decision: 'reject', note })}>
                Reject
              </Button>
            </Group>
          </>
        )}
        {decision.error !== null && <Alert color="red">{decision.error.message}</Alert>}
        <div>
          <Button variant="subtle" size="compact-sm" onClick={() => setTrailOpen((open) => !open)} aria-expanded={trailOpen}>
            {trailOpen ? 'Hide the trail' : 'Show the trail'}
          </Button>
          {trailOpen && <ApprovalTrail id={approval.id} />}
        </div>
      </Stack>
    </Paper>
  );
}
