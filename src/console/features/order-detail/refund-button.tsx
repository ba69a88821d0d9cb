import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { isAmountString } from '../../../contract/fields.ts';
import { canRefund, REFUND_STATUS_RULE } from '../../../contract/rules.ts';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/order-record.ts';
import { RefundDialog } from './refund-dialog.tsx';

/** Why this order cannot be refunded now, in words for the person at the screen; null when it can. */
export function refundBlockReason(record: OrderRecord): string | null {
  const status = knownStatus(record);
  if (status === null) return `${REFUND_STATUS_RULE} (this order's status "${record.status}" is not a documented one)`;
  if (!canRefund(status)) return `${REFUND_STATUS_RULE} (this order is ${status})`;
  if (!isAmountString(record.current_amount) || !isAmountString(record.refund_amount)) {
    return "The order's amounts could not be read, so a refund amount cannot be checked";
  }
  return null;
}

export function RefundButton({ environment, record }: { environment: Environment; record: OrderRecord }) {
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const reason = refundBlockReason(record);

  const button = (
    <Button
      color="red"
      variant={reason === null ? 'filled' : 'light'}
      leftSection={<IconReceiptRefund size={18} />}
      disabled={reason !== null}
      aria-describedby={reason === null ? undefined : reasonId}
      onClick={() => setOpened(true)}
    >
      Refund
    </Button>
  );

  return (
    <>
      {reason === null ? (
        button
      ) : (
        <Stack gap={4} align="flex-end">
          {/* A disabled button fires no hover events: the wrapper carries the tooltip. */}
          <Tooltip label={reason} withArrow multiline w={280}>
            <span style={{ display: 'inline-block' }}>{button}</span>
          </Tooltip>
          <Text id={reasonId} size="xs" c="dimmed" maw={300} ta="right">
            {reason}
          </Text>
        </Stack>
      )}
      {opened && <RefundDialog environment={environment} record={record} onClose={() => setOpened(false)} />}
    </>
  );
}
