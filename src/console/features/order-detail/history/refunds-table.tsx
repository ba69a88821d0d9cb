import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { OrderRecord } from '../../orders/order-record.ts';
import { displayAmount } from '../order-format.ts';
import { Amount, CellTime } from './history-bits.tsx';
import type { HistoryOrigin, RefundRow } from './history-model.ts';
import type { RefundTotals } from './refund-totals.ts';
import { refundTotals } from './refund-totals.ts';

interface Props {
  refunds: readonly RefundRow[];
  record: OrderRecord;
  origin: HistoryOrigin;
}

const MISSING_WHY: Record<HistoryOrigin, string> = {
  sandbox:
    'Some refunds are not in the sandbox history: the order was probably stored before the sandbox kept history. ' +
    'A refund made between the two reads (order, then history) shows this too, until the next refresh.',
  browser:
    'This browser did not see every refund: the others were made elsewhere (another client or tab, the PSP itself), ' +
    'or before the calls this tab still keeps.',
};

/** Ledger order (oldest first), so "after it" reads down the page. */
export function RefundsTable({ refunds, record, origin }: Props) {
  const totals = refundTotals(refunds, record.refund_amount);
  return (
    <Stack gap="sm">
      {refunds.length === 0 ? (
        <Text size="sm" c="dimmed">
          {origin === 'sandbox' ? 'No refunds recorded for this order.' : 'No refund of this order was sent from this browser.'}
        </Text>
      ) : (
        <>
          <RefundCards refunds={refunds} />
          <RefundTable refunds={refunds} totals={totals} />
        </>
      )}
      <TotalsCheck totals={totals} origin={origin} count={refunds.length} />
    </Stack>
  );
}

function RefundTable({ refunds, totals }: { refunds: readonly RefundRow[]; totals: RefundTotals }) {
  return (
    <Table.ScrollContainer minWidth={860} type="native" visibleFrom="sm">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Refunds, oldest first">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Payment identifier</Table.Th>
            <Table.Th>Refund external ID</Table.Th>
            <Table.Th>Destination account</Table.Th>
            <Table.Th ta="right">Refunded after</Table.Th>
            <Table.Th ta="right">Current after</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refunds.map((r) => (
            <Table.Tr key={r.key} data-testid="refund-row">
              <Table.Td>
                <CellTime iso={r.at} />
              </Table.Td>
              <Table.Td ta="right">
                <Amount value={r.amount} size="sm" />
              </Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ whiteSpace: 'nowrap' }}>
                {r.paymentIdentifier}
                {r.source === 'control' && (
                  <Text size="xs" c="dimmed" ff="body">
                    Simulate: refunded the rest
                  </Text>
                )}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                {r.externalId}
              </Table.Td>
              <Table.Td ff="monospace" fz="xs" style={{ whiteSpace: 'nowrap' }}>
                {r.destinationAccount}
              </Table.Td>
              <Table.Td ta="right">{r.refundedAfter === null ? <Unseen /> : <Amount value={r.refundedAfter} size="sm" />}</Table.Td>
              <Table.Td ta="right">{r.currentAfter === null ? <Unseen /> : <Amount value={r.currentAfter} size="sm" />}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals.kind !== 'unreadable' && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">Sum of refunds</Table.Th>
              <Table.Td ta="right">
                <Amount value={totals.sum} size="sm" fw={700} data-testid="refunds-sum" />
              </Table.Td>
              <Table.Td colSpan={5} />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per refund, every field labelled, nothing off to the side. */
function RefundCards({ refunds }: { refunds: readonly RefundRow[] }) {
  return (
    <Stack gap="xs" hiddenFrom="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Refunds, oldest first">
      {refunds.map((r) => (
        <Paper key={r.key} component="li" withBorder p="sm" radius="sm">
          <Group justify="space-between" align="baseline" wrap="nowrap">
            <Amount value={r.amount} fw={700} />
            <CellTime iso={r.at} />
          </Group>
          <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt={6}>
            <Label>Payment identifier</Label>
            <Mono>{r.paymentIdentifier}</Mono>
            <Label>Refund external ID</Label>
            <Mono>{r.externalId}</Mono>
            <Label>Destination account</Label>
            <Mono>{r.destinationAccount}</Mono>
            <Label>Refunded after</Label>
            {r.refundedAfter === null ? <Unseen /> : <Amount value={r.refundedAfter} size="sm" ta="left" />}
            <Label>Current after</Label>
            {r.currentAfter === null ? <Unseen /> : <Amount value={r.currentAfter} size="sm" ta="left" />}
          </SimpleGrid>
          {r.source === 'control' && (
            <Text size="xs" c="dimmed" mt={4}>
              Simulate: refunded the rest
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function Label({ children }: { children: string }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

function Mono({ children }: { children: string }) {
  return (
    <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

function Unseen() {
  return (
    <Text size="sm" c="dimmed" title="The answer to this refund was not seen">
      —
    </Text>
  );
}

function TotalsCheck({ totals, origin, count }: { totals: RefundTotals; origin: HistoryOrigin; count: number }) {
  if (totals.kind === 'match') {
    if (count === 0) return null;
    return (
      <Text size="sm" style={{ color: 'var(--mantine-color-teal-light-color)' }} data-testid="refunds-check">
        <IconCircleCheck size={16} style={{ verticalAlign: 'text-bottom' }} aria-hidden /> The refunds add up to the order&apos;s refunded amount ({totals.sum}).
      </Text>
    );
  }
  if (totals.kind === 'unreadable') {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="refunds-check">
        The sum cannot be checked: an amount here or the order&apos;s refunded amount ({totals.recorded === '' ? 'empty' : totals.recorded}) is not a
        decimal number.
      </Alert>
    );
  }
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="The refunds here do not add up to the order's refunded amount"
      data-testid="refunds-check"
    >
      The refunds listed add up to {totals.sum}; the order says {displayAmount(totals.recorded)} refunded. {MISSING_WHY[origin]}
    </Alert>
  );
}
