import { Alert, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { loadable } from '../../app/loadable.tsx';
import { AuthProblemAlert } from '../../components/auth-problem-alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useIsTeamMode } from '../../lib/use-team.ts';
import type { ReceivedOrder } from '../orders/received-order.ts';
import { useOrderCheck } from './use-order-check.ts';
import { AmountsCard } from './amounts-card.tsx';
import { DetailsCard } from './details-card.tsx';
import { OrderHeader } from './order-header.tsx';
import { MismatchNotice, readFailure } from './order-states.tsx';
import { RefundDoneNotice } from './refund-done-notice.tsx';
import type { RefundDone } from './use-refund-flow.ts';

const PendingRequestsNotice = loadable(async () => (await import('../approvals/pending-requests-notice.tsx')).PendingRequestsNotice, () => null);

interface Props {
  environment: Environment;
  received: ReceivedOrder;
  freshness: ReactNode;
  /** Notices between the header and the cards (stale record, failed refresh). */
  notice?: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
  /** The service cannot be asked for this order (its read route is missing): the record is the last received. */
  statusUnknown?: boolean;
}

export function OrderView({ environment, received, freshness, notice, onRefresh, refreshing, statusUnknown = false }: Props) {
  const { record } = received;
  const mismatches = useOrderCheck(received);
  const [refundDone, setRefundDone] = useState<RefundDone | null>(null);
  const team = useIsTeamMode();
  return (
    <Stack gap="lg">
      <OrderHeader
        environment={environment}
        record={record}
        freshness={freshness}
        onRefresh={onRefresh}
        refreshing={refreshing}
        onRefunded={setRefundDone}
        statusUnknown={statusUnknown}
      />
      {/* Team mode (D17) only: a personal console neither loads its code nor asks anything for it. */}
      {team && (
        <PendingRequestsNotice environment={environment} orderId={record.id} />
      )}
      {refundDone !== null && <RefundDoneNotice done={refundDone} onDismiss={() => setRefundDone(null)} />}
      {notice}
      {mismatches.length > 0 && <MismatchNotice mismatches={mismatches} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AmountsCard record={record} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <DetailsCard record={record} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function RefreshFailedNotice({ error, polling = false }: { error: Error; polling?: boolean }) {
  if (error instanceof ApiError && error.isAuth) return <AuthProblemAlert error={error} what="Refreshing the order failed with" />;
  const what = readFailure(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The latest refresh failed">
      {what} The page shows the order as it was last received{polling ? '; it keeps asking and updates by itself.' : '.'}
    </Alert>
  );
}
