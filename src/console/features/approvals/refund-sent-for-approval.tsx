import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { Approval } from '../../../contract/approvals.ts';
import { useTeamMe } from '../../lib/use-team.ts';
import { displayAmount, formatDateTime } from '../order-detail/order-format.ts';

// docs/decisions.md D17: a refund over the environment's threshold is not sent; it waits for a second person.

interface Props {
  approval: Approval;
  /** Why it waits, as the console server said (the order's refunds within the window, the daily limit). */
  reasons?: readonly string[];
  onClose: () => void;
}

export function RefundSentForApproval({ approval, reasons = [], onClose }: Props) {
  const me = useTeamMe();
  const threshold = me?.environments.find((e) => e.id === approval.environment)?.approvalThreshold ?? null;
  return (
    <Stack gap="md">
      <Alert color="blue" icon={<IconHourglass size={18} />} title="Sent for approval">
        <Stack gap={4}>
          {reasons.map((why) => (
            <Text key={why} size="sm">
              {why}
            </Text>
          ))}
          <Text size="sm">
            {reasons.length > 0
              ? 'So nothing has been refunded yet: an approver other than you must approve it.'
              : `The refund of ${displayAmount(approval.amount)} needs a second person${threshold === null ? '' : ` (this environment's approval threshold is ${displayAmount(threshold)})`}, so nothing has been refunded yet: an approver other than you must approve it.`}
          </Text>
          <Text size="sm">
            Reason: {approval.reason}
            {approval.reason_note === null ? '' : ` (${approval.reason_note})`}. The request expires {formatDateTime(approval.expires_at) ?? approval.expires_at}{' '}
            unless someone decides first; it is listed under Refund requests on this order.
          </Text>
        </Stack>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
