import { Button } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useAfterFirstContent } from '../../app/first-content.ts';
import { loadable } from '../../app/loadable.tsx';
import { isAmountString } from '../../../contract/amount-text.ts';
import { canRefund, REFUND_STATUS_RULE } from '../../../contract/rules.ts';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/received-order.ts';
import type { RefundDone } from './use-refund-flow.ts';
import { LaterTooltip } from './after-heading.tsx';

// The dialog's code (the form, its schema, the refund flow) is not needed to paint the order:
// it loads once the order's heading is painted, before anyone can have read the page and clicked.
// loadable, not React.lazy: opened while its code is still on its way, the dialog shows as soon as it is in.
const RefundDialog = loadable(async () => (await import('./later-parts.tsx')).RefundDialog, () => null);

/**
 * Why this order cannot be refunded now, in words for the person at the screen; null when it can.
 * `statusUnknown`: the service cannot be asked for the order (D9), so the status shown is only the last
 * one received; the service decides, and the refund is offered with that warning.
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
  const afterHeading = useAfterFirstContent();
  // The dialog leaves the page when it closes (Modal's own focus return needs it to stay mounted): the
  // keyboard goes back to where it was, this button, once the dialog is gone.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened) wasOpened.current = true;
    else if (wasOpened.current) {
      wasOpened.current = false;
      buttonRef.current?.focus();
    }
  }, [opened]);
  useEffect(() => {
    // A failed load is the dialog's to show when it is opened (loadable throws it to the error boundary).
    if (afterHeading) void RefundDialog.preload();
  }, [afterHeading]);

  const button = (
    <Button
      ref={buttonRef}
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
        <LaterTooltip label={reason} withArrow multiline w={280}>
          <span style={{ display: 'inline-block' }}>{button}</span>
        </LaterTooltip>
      )}
      {opened && <RefundDialog environment={environment} record={record} statusUnknown={statusUnknown} onClose={() => setOpened(false)} onRefunded={onRefunded} />}
    </>
  );
}
