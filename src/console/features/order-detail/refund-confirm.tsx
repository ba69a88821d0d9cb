import { Alert, Button, DataList, Group, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isAmountString } from '../../../contract/fields.ts';
import { formatMoney, subtractMoney } from '../../../contract/money.ts';
import type { RefundPreview } from '../../../contract/approvals.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { TypedConfirmation, useTypedConfirmation } from '../../components/typed-confirmation.tsx';
import type { OrderRecord } from '../orders/order-record.ts';
import type { RefundReasonValues } from './refund-schema.ts';
import { unansweredSentence } from './refund-outcome.tsx';
import type { Unanswered } from './use-refund-flow.ts';

interface Props {
  body: RefundRequest;
  record: OrderRecord;
  /** Production: the amount must be typed before the refund can be confirmed. */
  requireTypedAmount: boolean;
  /** What came back from the last try, when reading the order showed that it refunded nothing. */
  retry: Unanswered | null;
  pending: boolean;
  /** Team mode (D17): the reason that goes with the refund. */
  reason?: RefundReasonValues | null;
  /** Team mode: the console server's review, whether this refund will wait for a second person, and why. */
  approval?: RefundPreview['approval'] | undefined;
  onConfirm: () => void;
  onBack: () => void;
}

export function refundSentence(body: RefundRequest, record: OrderRecord): string {
  const remaining = isAmountString(record.current_amount) ? formatMoney(subtractMoney(record.current_amount, body.amount)) : '?';
  return `Refund ${body.amount} of order ${record.external_id} (${record.id}) to account ${body.destination_account_number}. ${remaining} will remain.`;
}

export function RefundConfirm({ body, record, requireTypedAmount, retry, pending, reason = null, approval, onConfirm, onBack }: Props) {
  const typed = useTypedConfirmation(body.amount, requireTypedAmount);
  const waits = approval?.needed === true;
  return (
    <Stack gap="md">
      {waits && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="This refund will wait for approval">
          <Stack gap={4}>
            {approval.reasons.map((why) => (
              <Text key={why} size="sm">
                {why}
              </Text>
            ))}
            <Text size="sm">Confirming asks for it: an approver other than you must approve it before anything is sent.</Text>
          </Stack>
        </Alert>
      )}
      {retry !== null && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} title="The refund did not go through; you can try again">
          {unansweredSentence(retry)} The order was read again and its refunded amount has not changed. Trying again sends the same payment identifier, so
          if the earlier request did reach the service after all, the service rejects this one as a duplicate instead of
          paying twice.
        </Alert>
      )}
      <Text fw={500}>{refundSentence(body, record)}</Text>
      <DataList size="sm" labelWidth="10rem">
        {reason !== null && (
          <DataList.Item>
            <DataList.ItemLabel>Reason</DataList.ItemLabel>
            <DataList.ItemValue>{reason.reason_note === undefined ? reason.reason : `${reason.reason}: ${reason.reason_note}`}</DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>Payment identifier</DataList.ItemLabel>
          <DataList.ItemValue ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {body.payment_identifier}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Refund external ID</DataList.ItemLabel>
          <DataList.ItemValue ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {body.external_id}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {requireTypedAmount && (
        <TypedConfirmation expected={body.amount} warning="This is a production environment: the refund moves real money." typed={typed.typed} onTyped={typed.setTyped} />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Back
        </Button>
        <Button color={waits ? 'yellow' : 'red'} onClick={onConfirm} loading={pending} disabled={!typed.confirmed}>
          {waits ? 'Send for approval' : 'Confirm refund'}
        </Button>
      </Group>
    </Stack>
  );
}
