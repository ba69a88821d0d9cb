import { Button, Tooltip } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { isAmountString } from '../../../contract/fields.ts';
import { canRefund, REFUND_STATUS_RULE } from '../../../contract/rules.ts';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/order-record.ts';
import { RefundDialog } from './refund-dialog.tsx';
import type { RefundDone } from './use-refund-flow.ts';

/**
 * Why this order cannot be refunded now, in words for the person at the screen; null when it can.
 * `statusUnknown`: the service cannot be asked for the order (D9), so the status shown is only the last
 * one received; the service decides, and the refund is offered with that warning (issue 24 #1).
 */
export function refundBlockReason(record: OrderRecord, statusUnknown = false): string | null {
  const status = knownStatus(record);
  if (statusUnknown) return isAmountString(record.current_amount) ? null : "The order's amounts could not be read, so a refund amount cannot be checked";
  if (status === null) return `${REFUND_STATUS_RULE} (this order's status "${record.status}" is not a documented one)`;
  if (!canRefund(status)) return `${REFUND_STATUS_RULE} (this order is ${status})`;
  if (!isAmountString(record.current_amount) || !isAmountString(record.refund_amount)) {
    return "The order's amounts could not be read, so a refund amount cannot be checked";
  }
  return null;
}

interface Props {
  environment: Environment;
  record: OrderRecord;
  /** refundBlockReason(record), shown by the caller as visible text with this id. */
  reason: string | null;
  reasonId: string;
  onRefunded: (done: RefundDone) => void;
  /** The service cannot be asked for the order's status: the dialog warns that the service decides. */
  statusUnknown?: boolean;
}

export function RefundButton({ environment, record, reason, reasonId, onRefunded, statusUnknown = false }: Props) {
  const [opened, setOpened] = useState(false);

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
        // A disabled button fires no hover events: the wrapper carries the tooltip.
        <Tooltip label={reason} withArrow multiline w={280}>
          <span style={{ display: 'inline-block' }}>{button}</span>
        </Tooltip>
      )}
      {opened && <RefundDialog environment={environment} record={record} statusUnknown={statusUnknown} onClose={() => setOpened(false)} onRefunded={onRefunded} />}
    </>
  );
}
