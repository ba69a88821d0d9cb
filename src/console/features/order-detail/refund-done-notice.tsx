import { Alert, Code, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { displayAmount } from './order-format.ts';
import type { RefundDone } from './use-refund-flow.ts';

/** The last refund made from this page, on the page itself: a toast is gone in seconds. */
export function RefundDoneNotice({ done, onDismiss }: { done: RefundDone; onDismiss: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck size={18} />}
      title={`Refund of ${displayAmount(done.body.amount)} done · ${displayAmount(done.remaining)} remains`}
      withCloseButton
      closeButtonLabel="Dismiss this notice"
      onClose={onDismiss}
      role="status"
    >
      <Text size="sm">
        {done.learnedByCheck ? 'The answer was lost, but reading the order again showed the refund was made. ' : 'The service accepted the refund. '}
        Refunded in total: {displayAmount(done.refunded)}. Payment identifier <Code>{done.body.payment_identifier}</Code>, refund external ID{' '}
        <Code>{done.body.external_id}</Code>, to account <Code>{done.body.destination_account_number}</Code>.
      </Text>
    </Alert>
  );
}
