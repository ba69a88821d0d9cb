import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Environment } from '../../lib/environments.ts';
import { usePermission } from '../../lib/use-team.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { RefundButton, refundBlockReason } from './refund-button.tsx';
import { LaterSimulateMenu } from './after-heading.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import type { RefundDone } from './use-refund-flow.ts';

interface Props {
  environment: Environment;
  record: OrderRecord;
  /** "Updated 3 seconds ago" or the age of a kept record. */
  freshness: ReactNode;
  onRefresh: () => void;
  refreshing: boolean;
  onRefunded: (done: RefundDone) => void;
  /** The service cannot be asked for this order (D9): its status is the last one received, not known. */
  statusUnknown?: boolean;
}

export function OrderHeader({ environment, record, freshness, onRefresh, refreshing, onRefunded, statusUnknown = false }: Props) {
  // Team mode (D16): a role that may not refund here sees why; the server would refuse it anyway.
  const mayRefund = usePermission(environment.id, 'request:refund');
  const refundReason = mayRefund.reason ?? refundBlockReason(record, statusUnknown);
  const reasonId = useId();
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4} miw={0}>
        {/* A long external id wraps where it must (not mid-word when it fits), and the badge moves to
            the next line rather than being cut. */}
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={2} miw={0} style={{ overflowWrap: 'anywhere' }}>
            Order {record.external_id}
          </Title>
          <StatusBadge status={record.status} size="lg" />
          {statusUnknown && (
            <Text size="sm" fw={600} c="orange.8" data-testid="status-unknown">
              status unknown: this service cannot be asked
            </Text>
          )}
        </Group>
        <Text c="dimmed" size="sm">
          One order as the service answered it: its amounts, its checkout link and its refunds.
        </Text>
        {freshness}
      </Stack>
      <Stack gap={4} align="flex-end" maw="100%">
        <Group gap="sm">
          <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={onRefresh} loading={refreshing}>
            Refresh
          </Button>
          {environment.sandbox && <LaterSimulateMenu environment={environment} record={record} />}
          <RefundButton environment={environment} record={record} reason={refundReason} reasonId={reasonId} onRefunded={onRefunded} statusUnknown={statusUnknown} />
        </Group>
        {refundReason !== null && (
          <Text id={reasonId} size="xs" c="dimmed" ta={{ base: 'left', sm: 'right' }} maw={420}>
            {refundReason}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
