import { Badge } from '@mantine/core';
import type { ApprovalState } from '../../../contract/approvals.ts';

// How each state of a refund request reads to a person (D17).
const LABELS: Readonly<Record<ApprovalState, { label: string; color: string }>> = {
  pending: { label: 'Waiting for approval', color: 'yellow' },
  sending: { label: 'Approved, sending', color: 'blue' },
  unknown: { label: 'Approved, outcome being checked', color: 'orange' },
  sent: { label: 'Approved and sent', color: 'green' },
  failed: { label: 'Approved, the service refused it', color: 'red' },
  rejected: { label: 'Rejected', color: 'gray' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
  expired: { label: 'Expired, nothing sent', color: 'gray' },
};

export function ApprovalStateBadge({ state }: { state: ApprovalState }) {
  const { label, color } = LABELS[state];
  return (
    <Badge color={color} variant="light" data-testid="approval-state" data-state={state}>
      {label}
    </Badge>
  );
}
