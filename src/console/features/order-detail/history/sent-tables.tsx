import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Amount } from './history-bits.tsx';
import type { SentRequest } from './sent-request.ts';

// The sent items and transaction history: a table from a tablet up, one card per row on a phone
// (every field labelled, nothing off to the side).

function NoTotal() {
  return (
    <Text size="sm" c="dimmed" title="Quantity or amount cannot be read as a number">
      —
    </Text>
  );
}

const num = { fontVariantNumeric: 'tabular-nums' } as const;
const wrap = { overflowWrap: 'anywhere' } as const;

export function SentItems({ request }: { request: SentRequest }) {
  return (
    <>
      <ItemCards request={request} />
      <Table.ScrollContainer minWidth={760} type="native" visibleFrom="sm">
        <Table striped verticalSpacing="xs" aria-label="Items as sent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Line total</Table.Th>
              <Table.Th ta="right">VAT</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Product ID</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.items.map((item, i) => (
              <Table.Tr key={i} data-testid="sent-item">
                <Table.Td fz="sm" style={wrap}>
                  {item.name}
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={num}>
                  {item.quantity}
                </Table.Td>
                <Table.Td ta="right">
                  <Amount value={item.amount} asSent size="sm" />
                </Table.Td>
                <Table.Td ta="right">{item.lineTotal === null ? <NoTotal /> : <Amount value={item.lineTotal} size="sm" data-testid="line-total" />}</Table.Td>
                <Table.Td ta="right" fz="sm" style={num}>
                  {item.vat}
                </Table.Td>
                <Table.Td fz="sm">{item.type}</Table.Td>
                <Table.Td fz="sm" ff="monospace" style={wrap}>
                  {item.productId}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={3} ta="right">
                Items total
              </Table.Th>
              <Table.Td ta="right">
                <ItemsTotal request={request} testId="items-total" />
              </Table.Td>
              <Table.Td colSpan={3} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

function ItemsTotal({ request, testId }: { request: SentRequest; testId?: string }) {
  if (request.itemsTotal === null) {
    return (
      <Text size="sm" c="dimmed" component="span">
        cannot be added up
      </Text>
    );
  }
  return <Amount value={request.itemsTotal} size="sm" fw={700} {...(testId === undefined ? {} : { 'data-testid': testId })} />;
}

function Card({ title, aside, children }: { title: ReactNode; aside: ReactNode; children: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
        <Text size="sm" fw={600} style={wrap}>
          {title}
        </Text>
        {aside}
      </Group>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt={6}>
        {children}
      </SimpleGrid>
    </Paper>
  );
}

function Label({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

function Val({ children, mono = false }: { children: string; mono?: boolean }) {
  return (
    <Text size="xs" ff={mono ? 'monospace' : undefined} style={{ ...wrap, ...num }}>
      {children === '' ? '—' : children}
    </Text>
  );
}

function ItemCards({ request }: { request: SentRequest }) {
  return (
    <Stack gap="xs" hiddenFrom="sm">
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Items as sent">
        {request.items.map((item, i) => (
          <Card key={i} title={item.name === '' ? '(no name)' : item.name} aside={item.lineTotal === null ? <NoTotal /> : <Amount value={item.lineTotal} fw={700} size="sm" />}>
            <Label>Quantity × amount</Label>
            <Val>{`${item.quantity === '' ? '—' : item.quantity} × ${item.amount === '' ? '—' : item.amount}`}</Val>
            <Label>VAT</Label>
            <Val>{item.vat}</Val>
            <Label>Type</Label>
            <Val>{item.type}</Val>
            <Label>Product ID</Label>
            <Val mono>{item.productId}</Val>
          </Card>
        ))}
      </Stack>
      <Group justify="space-between" px="sm">
        <Text size="sm" fw={600}>
          Items total
        </Text>
        <ItemsTotal request={request} />
      </Group>
    </Stack>
  );
}

export function SentTransactions({ request }: { request: SentRequest }) {
  return (
    <>
      <Stack gap="xs" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Transaction history as sent">
        {request.transactions.map((t, i) => (
          <Card key={i} title={t.date === '' ? '(no date)' : t.date} aside={<Amount value={t.amount} asSent fw={700} size="sm" />}>
            <Label>Transaction ID</Label>
            <Val mono>{t.transaction_id}</Val>
            <Label>E-shop ID</Label>
            <Val mono>{t.eshop_external_id}</Val>
            <Label>MCC</Label>
            <Val>{t.mcc}</Val>
            <Label>Cancelled</Label>
            <Val>{t.is_canceled}</Val>
            <Label>Payment type</Label>
            <Val>{t.payment_type}</Val>
          </Card>
        ))}
      </Stack>
      <Table.ScrollContainer minWidth={760} type="native" visibleFrom="sm">
        <Table striped verticalSpacing="xs" aria-label="Transaction history as sent">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Transaction ID</Table.Th>
              <Table.Th>E-shop ID</Table.Th>
              <Table.Th ta="right">MCC</Table.Th>
              <Table.Th>Cancelled</Table.Th>
              <Table.Th>Payment type</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.transactions.map((t, i) => (
              <Table.Tr key={i}>
                <Table.Td fz="sm">{t.date}</Table.Td>
                <Table.Td ta="right">
                  <Amount value={t.amount} asSent size="sm" />
                </Table.Td>
                <Table.Td fz="sm" ff="monospace" style={wrap}>
                  {t.transaction_id}
                </Table.Td>
                <Table.Td fz="sm" ff="monospace">
                  {t.eshop_external_id}
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={num}>
                  {t.mcc}
                </Table.Td>
                <Table.Td fz="sm">{t.is_canceled}</Table.Td>
                <Table.Td fz="sm">{t.payment_type}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
