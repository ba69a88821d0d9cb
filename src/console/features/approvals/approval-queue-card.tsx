import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { GridColProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTeamMe } from '../../lib/use-team.ts';
import { displayAmount, formatAge } from '../order-detail/order-format.ts';
import { useNow } from '../order-detail/use-now.ts';
import type { ApprovalQueueEntry } from '../../../contract/console-api.ts';
import { useDecision } from './approval-api.ts';
import { ApprovalStateBadge } from './approval-state.tsx';
import { ApprovalTrail } from './approval-trail.tsx';
import { ServiceAnswer } from './service-answer.tsx';
import { CustomerLine } from '../order-index/indexed-order-facts.tsx';
import { useIndexedOrders } from '../order-index/indexed-orders.ts';

// docs/decisions.md D17: one request in the approvers' queue: the refund, who asked and why, the order
// as the service answers now and what its refunds add up to, a note, Approve and Reject. The
// requester sees why they cannot decide on their own request.

export const OWN_REQUEST_REASON = 'You asked for this refund, so another approver must decide on it.';

// Two facts a row on a phone, four on a wide screen; a long one (an e-mail, a reason) takes a phone's row.
export const HALF = { base: 6, md: 3 };
export const WHOLE = { base: 12, xs: 6, md: 3 };

export function Fact({ label, span, children }: { label: string; span: GridColProps['span']; children: ReactNode }) {
  return (
    <Grid.Col span={span}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Grid.Col>
  );
}

export function ApprovalQueueCard({ entry }: { entry: ApprovalQueueEntry }) {
  const { approval, order } = entry;
  const me = useTeamMe();
  const now = useNow();
  const decision = useDecision();
  const [note, setNote] = useState('');
  const [trailOpen, setTrailOpen] = useState(false);
  const own = approval.requester === me?.email;
  const waiting = approval.state === 'pending';
  const orderPath = `/orders/${approval.order_id}`;
  const indexed = useIndexedOrders(approval.environment, [approval.order_id]).get(approval.order_id.toLowerCase());
  return (
    <Paper withBorder p="md" radius="md" data-testid="approval-request" component="article" aria-label={`Refund of ${displayAmount(approval.amount)} on order ${approval.order_id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="lg">
            Refund of {displayAmount(approval.amount)}
          </Text>
          <ApprovalStateBadge state={approval.state} />
        </Group>
        {/* On a phone the short facts go two by two; who, why and the account take a line each. */}
        <Grid gap="sm">
          <Fact label="Order" span={HALF}>
            <Anchor component={Link} to={orderPath} size="sm">
              {indexed?.external_id ?? `${approval.order_id.slice(0, 8)}…`}
            </Anchor>{' '}
            ({approval.environment})
          </Fact>
          {indexed?.customer_visible === true && indexed.customer !== null && (
            <Fact label="Customer" span={WHOLE}>
              <CustomerLine record={indexed} />
            </Fact>
          )}
          {order !== null && 'status' in order && <Fact label="Order now" span={HALF}>{order.status}</Fact>}
          <Fact label="Asked by" span={WHOLE}>
            {approval.requester}, {formatAge(now - Date.parse(approval.created_at))}
          </Fact>
          <Fact label="Reason" span={WHOLE}>{approval.reason_note === null ? approval.reason : `${approval.reason}: ${approval.reason_note}`}</Fact>
          <Fact label="To account" span={WHOLE}>{approval.destination_account_number}</Fact>
          {order !== null && 'status' in order && (
            <>
              <Fact label="Refunded so far" span={HALF}>
                {displayAmount(order.refund_amount)} of {displayAmount(order.initial_amount)}
              </Fact>
              <Fact label="Left to refund" span={HALF}>{displayAmount(order.current_amount)}</Fact>
            </>
          )}
        </Grid>
        {order !== null && 'unavailable' in order && <Alert color="yellow">{order.unavailable}</Alert>}
        <ServiceAnswer approval={approval} />
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
