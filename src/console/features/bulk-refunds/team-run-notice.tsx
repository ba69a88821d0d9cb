import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconHourglass } from '@tabler/icons-react';
import type { TeamBulkRun } from '../../../contract/bulk-runs.ts';
import { displayAmount, formatDateTime } from '../order-detail/order-format.ts';

// What the server's run says beyond its rows: who asked, the approval it waits for (D17) and until
// when, who decided and why, why it paused.

const when = (iso: string) => formatDateTime(iso) ?? iso;
const at = (ms: number) => when(new Date(ms).toISOString());
const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

interface Props {
  team: TeamBulkRun;
  threshold: string | null;
  /** The requester may withdraw a batch that waits; null for everyone else. */
  onWithdraw: (() => void) | null;
  acting: boolean;
  error: string | null;
  /** When the run shown was read (Date.now() milliseconds). */
  readAt: number;
  /** When the console's server last answered, while it does not answer now; null while it does. */
  unreachableSince: number | null;
}

export function TeamRunNotice({ team, threshold, onWithdraw, acting, error, readAt, unreachableSince }: Props) {
  const decision = team.decision;
  const sender = team.state === 'running' ? (team.sender ?? null) : null;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Asked by {team.requester}, {when(team.created_at)}. The console server sends it: closing this tab stops nothing.
      </Text>
      {unreachableSince !== null && (
        <Alert color="yellow" icon={<IconCloudOff size={18} />} title="The console server cannot be reached" role="status">
          <Text size="sm">
            Its last answer came at {at(unreachableSince)}. The run is kept on the server and goes on there{team.state === 'running' ? ' (or, if the server stopped, once it is back)' : ''}:
            nothing is lost and nothing is sent twice. This page shows the run again as soon as the server answers.
          </Text>
        </Alert>
      )}
      {unreachableSince === null && sender?.stalled === true && (
        <Alert color="blue" icon={<IconHourglass size={18} />} title="Waiting for the run to be picked up again" role="status">
          <Text size="sm">
            The console process that was sending this run has not been heard from for {seconds(sender.heard_ms_ago)} (it stopped, or is restarting). Another console
            process takes the run over when its hold runs out, by about {at(readAt + sender.takeover_in_ms)}, and reads the order of any refund that was on its way before
            sending anything.
          </Text>
        </Alert>
      )}
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
