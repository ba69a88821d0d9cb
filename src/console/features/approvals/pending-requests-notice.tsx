import { Alert, Anchor, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Environment } from '../../lib/environments.ts';
import { useIsTeamMode } from '../../lib/use-team.ts';
import { displayAmount } from '../order-detail/order-format.ts';
import { approvalQueries } from './approval-api.ts';

// docs/decisions.md D17: the order's requests are listed under the lifecycle, below the fold on a
// laptop; a request still open is said at the top too, beside the Refund button, so nobody asks for
// the same money twice without seeing it. The same query as the list: one read for both.

const OPEN = new Set(['pending', 'sending', 'unknown']);

export function PendingRequestsNotice({ environment, orderId }: { environment: Environment; orderId: string }) {
  const team = useIsTeamMode();
  const query = useQuery({ ...approvalQueries.ofOrder(environment.id, orderId), enabled: team });
  const open = (query.data ?? []).filter((approval) => OPEN.has(approval.state));
  const [first] = open;
  if (!team || first === undefined) return null;
  const what = open.length === 1 ? `A refund of ${displayAmount(first.amount)} asked for by ${first.requester}` : `${open.length} refund requests`;
  return (
    <Alert color="yellow" icon={<IconHourglass size={18} />} title={open.length === 1 ? 'Refund request open' : 'Refund requests open'} data-testid="open-refund-requests">
      <Text size="sm">
        {what} {open.length === 1 ? 'is' : 'are'} not settled yet: nothing is refunded until an approver decides.{' '}
        {/* The notice's own colour, underlined: the theme's link blue is too faint on the dark scheme's amber. */}
        <Anchor href="#refund-requests-title" size="sm" c="inherit" underline="always" fw={600}>
          See the requests
        </Anchor>
      </Text>
    </Alert>
  );
}
