import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Approval } from '../../../contract/approvals.ts';
import { useIsTeamMode, useTeamMe } from '../../lib/use-team.ts';
import type { OrderSectionProps } from '../order-detail/order-sections.tsx';
import { displayAmount, formatAge, formatDateTime } from '../order-detail/order-format.ts';
import { useNow } from '../order-detail/use-now.ts';
import { approvalQueries, useDecision } from './approval-api.ts';
import { ApprovalStateBadge } from './approval-state.tsx';
import { ServiceAnswer } from './service-answer.tsx';

// docs/decisions.md D17: the order's refund requests, shown to everyone who can see the order: amount,
// requester, reason, age; the requester may withdraw a waiting one. Team mode only.

const OPEN = new Set(['pending', 'sending', 'unknown']);

function RequestRow({ approval, mine }: { approval: Approval; mine: boolean }) {
  const now = useNow();
  const decision = useDecision();
  return (
    <Paper withBorder p="md" radius="md" data-testid="refund-request">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} size="lg">
            Refund of {displayAmount(approval.amount)}
          </Text>
          <ApprovalStateBadge state={approval.state} />
        </Group>
        <Text size="sm">
          Asked by {approval.requester} {formatAge(now - Date.parse(approval.created_at))}
        </Text>
        <Text size="sm">
          Reason: {approval.reason}
          {approval.reason_note === null ? '' : ` (${approval.reason_note})`}
        </Text>
        {approval.decided_by !== null && (
          <Text size="sm">
            {approval.state === 'rejected' ? 'Rejected' : 'Approved'} by {approval.decided_by}
            {approval.decision_note === null ? '' : `: “${approval.decision_note}”`}
          </Text>
        )}
        <ServiceAnswer approval={approval} />
        {approval.state === 'pending' && (
          <Text size="sm" c="dimmed">
            Expires {formatDateTime(approval.expires_at) ?? approval.expires_at} unless an approver decides first.
          </Text>
        )}
        {mine && approval.state === 'pending' && (
          <Group>
            <Button variant="default" loading={decision.isPending} onClick={() => decision.mutate({ id: approval.id, decision: 'withdraw' })}>
              Withdraw
            </Button>
          </Group>
        )}
        {decision.error !== null && (
          <Alert color="red" title="Not withdrawn">
            {decision.error.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export function OrderApprovalsPanel({ environment, record }: OrderSectionProps) {
  const team = useIsTeamMode();
  const me = useTeamMe();
  const query = useQuery({ ...approvalQueries.ofOrder(environment.id, record.id), enabled: team });
  if (!team || query.data === undefined || query.data.length === 0) return null;
  const open = query.data.filter((a) => OPEN.has(a.state));
  const ended = query.data.filter((a) => !OPEN.has(a.state)).slice(0, 5);
  return (
    <Stack gap="sm" component="section" aria-labelledby="refund-requests-title">
      <Title order={2} size="h4" id="refund-requests-title">
        Refund requests
      </Title>
      {[...open, ...ended].map((approval) => (
        <RequestRow key={approval.id} approval={approval} mine={approval.requester === me?.email} />
      ))}
    </Stack>
  );
}
