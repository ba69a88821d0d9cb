import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { TeamBulkRun } from '../../../contract/bulk-runs.ts';
import { displayAmount, formatDateTime } from '../order-detail/order-format.ts';

// What the server's run says beyond its rows: who asked, the approval it waits for (D17) and until
// when, who decided and why, why it paused.

const when = (iso: string) => formatDateTime(iso) ?? iso;

interface Props {
  team: TeamBulkRun;
  threshold: string | null;
  /** The requester may withdraw a batch that waits; null for everyone else. */
  onWithdraw: (() => void) | null;
  acting: boolean;
  error: string | null;
}

export function TeamRunNotice({ team, threshold, onWithdraw, acting, error }: Props) {
  const decision = team.decision;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Asked by {team.requester}, {when(team.created_at)}. The console server sends it: closing this tab stops nothing.
      </Text>
      {team.state === 'awaiting_approval' && (
        <Alert color="blue" icon={<IconHourglass size={18} />} title="Waiting for a second person's approval">
          <Stack gap="xs">
            <Text size="sm">
              {displayAmount(team.total)} is over this environment&apos;s approval threshold{threshold === null ? '' : ` of ${displayAmount(threshold)}`}, so nothing
              has been refunded yet: an approver other than {team.requester} must approve the batch at Approvals.
              {team.expires_at === null ? '' : ` It expires ${when(team.expires_at)} unless someone decides first.`}
            </Text>
            {onWithdraw !== null && (
              <Group>
                <Button variant="default" color="red" size="xs" onClick={onWithdraw} loading={acting}>
                  Withdraw
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {decision !== null && (
        <Text size="sm">
          {team.state === 'rejected' ? 'Rejected' : team.state === 'withdrawn' ? 'Withdrawn' : 'Approved'} by {decision.by}, {when(decision.at)}
          {decision.note === null ? '.' : `: ${decision.note}`}
        </Text>
      )}
      {team.state_reason !== null && (
        <Alert color={team.state === 'paused' ? 'yellow' : 'gray'} p="xs">
          {team.state_reason}
        </Alert>
      )}
      {error !== null && <Alert color="red">{error}</Alert>}
    </Stack>
  );
}
