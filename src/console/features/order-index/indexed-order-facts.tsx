import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { compareMoney } from '../../../contract/money.ts';
import type { IndexedOrder } from '../../../contract/order-index.ts';
import { displayAmount } from '../order-detail/order-format.ts';

// The one piece that says who an order's customer is and where the order stands, from the team order
// index: the order page's Customer panel, each approval card and each bulk row. The customer shows
// only where the person's role may see personal data (the server leaves it out otherwise); their
// e-mail links to every order of theirs the index holds (an `email:` search).

/** The orders page searching the index for every order of this e-mail, in this environment. */
export const customerOrdersHref = (environmentId: string, email: string) => `/orders?${new URLSearchParams({ q: `email:${email}`, env: environmentId }).toString()}`;

const nameOf = (record: IndexedOrder) => [record.customer?.first_name, record.customer?.last_name].filter((part) => part !== null && part !== undefined).join(' ');

/** The customer, on one or two lines; nothing where the role may not see them or nobody named them. */
export function CustomerLine({ record }: { record: IndexedOrder }) {
  const customer = record.customer;
  if (!record.customer_visible || customer === null) return null;
  const name = nameOf(record);
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {name !== '' && <span>{name}</span>}
      {customer.email !== null && (
        <>
          {name !== '' && ' · '}
          <Anchor component={Link} to={customerOrdersHref(record.environment, customer.email)} size="sm" aria-label={`All orders of ${customer.email}`}>
            {customer.email}
          </Anchor>
        </>
      )}
      {customer.phone_number !== null && <span> · {customer.phone_number}</span>}
    </Text>
  );
}

/** External id, customer, what the order is worth now and what went back: a card's or a row's facts. */
export function IndexedOrderFacts({ record }: { record: IndexedOrder | undefined }) {
  if (record === undefined) return null;
  const refunded = record.refund_amount !== null && compareMoney(record.refund_amount, '0') > 0 ? record.refund_amount : null;
  return (
    <Stack gap={2} data-testid="indexed-order-facts">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {record.external_id}
        </Text>
        {record.current_amount !== null && (
          <Text size="sm" c="dimmed">
            {displayAmount(record.current_amount)} now{refunded !== null && `, ${displayAmount(refunded)} refunded`}
          </Text>
        )}
      </Group>
      <CustomerLine record={record} />
    </Stack>
  );
}

/** The order page's Customer panel: who the order is for, and the way to all of their orders. */
export function CustomerPanel({ record }: { record: IndexedOrder | undefined }) {
  if (record?.customer === null || record?.customer === undefined || !record.customer_visible) return null;
  const email = record.customer.email;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="order-customer-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="order-customer-heading">
          Customer
        </Title>
        {nameOf(record) !== '' && <Text>{nameOf(record)}</Text>}
        {email !== null && <Text size="sm">{email}</Text>}
        {record.customer.phone_number !== null && <Text size="sm">{record.customer.phone_number}</Text>}
        {email !== null && (
          <Anchor component={Link} to={customerOrdersHref(record.environment, email)} size="sm">
            All orders of this customer
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          From the team order index, as given when the order was made or imported.
        </Text>
      </Stack>
    </Paper>
  );
}
