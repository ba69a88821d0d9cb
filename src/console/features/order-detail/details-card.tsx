import { DataList, Paper, Stack, Text, Title } from '@mantine/core';
import type { OrderRecord } from '../orders/order-record.ts';
import { CheckoutLink } from './checkout-link.tsx';
import { CopyValue } from './copy-value.tsx';
import { formatDateTime } from './order-format.ts';
import { LaterTooltip } from './after-heading.tsx';

function DateSettled({ iso }: { iso: string }) {
  const local = formatDateTime(iso);
  if (local === null) return <Text size="sm">{iso === '' ? '(empty)' : iso}</Text>;
  return (
    <LaterTooltip label={iso} withArrow>
      <Text size="sm" title={iso} style={{ cursor: 'help' }} component="time" dateTime={iso}>
        {local}
      </Text>
    </LaterTooltip>
  );
}

export function DetailsCard({ record }: { record: OrderRecord }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={4}>Details</Title>
        <DataList labelWidth="11rem" withDivider>
          <DataList.Item>
            <DataList.ItemLabel>Order ID</DataList.ItemLabel>
            <DataList.ItemValue>
              <CopyValue value={record.id} label="order ID" />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>External ID</DataList.ItemLabel>
            <DataList.ItemValue>
              <CopyValue value={record.external_id} label="external ID" />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Service</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text size="sm" ff="monospace">
                {record.service}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Date settled</DataList.ItemLabel>
            <DataList.ItemValue>
              <DateSettled iso={record.date_settled} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Redirect URL</DataList.ItemLabel>
            <DataList.ItemValue>
              <CheckoutLink url={record.redirect_url} />
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Stack>
    </Paper>
  );
}
