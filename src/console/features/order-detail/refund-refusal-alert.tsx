import { Alert, Anchor, Code, Stack, Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isAmountString } from '../../../contract/fields.ts';
import { compareMoney } from '../../../contract/money.ts';
import { canRefund } from '../../../contract/rules.ts';
import { withoutToken } from '../../lib/without-token.ts';
import { knownStatus } from '../orders/received-order.ts';
import { displayAmount } from './order-format.ts';
import type { Refusal, Reread } from './refund-refusal.ts';

function RereadLine({ reread }: { reread: Reread }) {
  if (reread.kind === 'reading') return <Text size="sm">Reading the order again…</Text>;
  if (reread.kind === 'cannot-ask') {
    return <Text size="sm">This service cannot be asked for the order, so it was not read again: the refusal above is what it said.</Text>;
  }
  if (reread.kind === 'failed') {
    return <Text size="sm">The order could not be read again ({reread.message}); the amounts shown may be out of date.</Text>;
  }
  const status = knownStatus(reread);
  const refundable = status !== null && canRefund(status);
  const nothingLeft = isAmountString(reread.remaining) && compareMoney(reread.remaining, '0') <= 0;
  const what =
    reread.refundedSince === null
      ? `The order was read again: its refunded amount is still ${displayAmount(reread.refunded)}`
      : `The order was read again: ${displayAmount(reread.refundedSince)} has been refunded since you opened this refund (${displayAmount(reread.refunded)} in total)`;
  const rest = !refundable
    ? `it is now ${reread.status}, so it cannot be refunded.`
    : nothingLeft
      ? 'nothing is left to refund.'
      : `${displayAmount(reread.remaining)} can still be refunded.`;
  return (
    <Text size="sm">
      {what}; {rest}
    </Text>
  );
}

/** Why the service said no, in the dialog; the fields it named carry their own messages. */
export function RefundRefusalAlert({ refusal }: { refusal: Refusal }) {
  const title = `The service refused the refund${refusal.status === undefined ? '' : ` (HTTP ${refusal.status})`}`;
  return (
    <Alert color="red" icon={<IconBan size={18} />} title={title} role="alert">
      <Stack gap={6}>
        {refusal.messages.map((line) => (
          <Text size="sm" key={line} style={{ whiteSpace: 'pre-wrap' }}>
            {withoutToken(line)}
          </Text>
        ))}
        {refusal.fields.length > 0 && (
          <Text size="sm">
            {refusal.fields.length === 1 ? 'The marked field says why: ' : 'The marked fields say why: '}
            {refusal.fields.map((field, i) => (
              <span key={field}>
                {i > 0 && ', '}
                <Code>{field}</Code>
              </span>
            ))}
            .
          </Text>
        )}
        {refusal.status === 429 && (
          <Text size="sm">Nothing was refunded, and nothing is sent again by itself: confirm the refund again when the time has passed.</Text>
        )}
        {refusal.auth && (
          <Text size="sm">
            The token was not accepted.{' '}
            <Anchor component={Link} to="/settings" size="sm">
              Open Settings
            </Anchor>{' '}
            to check the environment and its token.
          </Text>
        )}
        <RereadLine reread={refusal.reread} />
      </Stack>
    </Alert>
  );
}
