import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OrderRecord } from '../orders/order-record.ts';
import { displayAmount, refundedPercent } from './order-format.ts';

function Amount({ label, field, value }: { label: string; field: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600} ff="monospace" data-testid={`amount-${field}`}>
        {displayAmount(value)}
      </Text>
    </Stack>
  );
}

export function AmountsCard({ record }: { record: OrderRecord }) {
  const percent = refundedPercent(record.refund_amount, record.initial_amount);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={4}>Amounts</Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Amount label="Initial amount" field="initial_amount" value={record.initial_amount} />
          <Amount label="Refunded" field="refund_amount" value={record.refund_amount} />
          <Amount label="Current amount" field="current_amount" value={record.current_amount} />
        </SimpleGrid>
        {percent !== null && (
          <Stack gap={4}>
            {/* The percentage was computed exactly; Number() here only sizes the bar. */}
            <Progress value={Number(percent)} color="violet" size="md" aria-label="Share of the initial amount refunded" />
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Refunded
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {percent} %
              </Text>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
