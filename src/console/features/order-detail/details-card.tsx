import { DataList, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useAfterFirstContent } from '../../app/first-content.ts';
import { useInBrowser } from '../../app/use-in-browser.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { CheckoutLink } from './checkout-link.tsx';
import { CopyValue } from './copy-value.tsx';
import { formatDateTime } from './order-format.ts';
import { LaterTooltip } from './after-heading.tsx';

/**
 * Whether the order's date may be written in the user's locale yet. The page's first Intl
 * object loads the locale's data, which on a cold /orders/{id} held the first render, and the heading,
 * back (docs/performance.md, "Dates and Intl"). So a page the browser renders itself writes the date once its first content
 * is painted (app/first-content.ts; at once when the page has shown content before). A server render,
 * and the browser's hydration of one, write it at once: that page comes with its date.
 */
function useDateReady(): boolean {
  const inBrowser = useInBrowser();
  const [fromServer] = useState(!inBrowser);
  const afterContent = useAfterFirstContent();
  return fromServer || afterContent;
}

function DateSettled({ iso }: { iso: string }) {
  const ready = useDateReady();
  // Until then the same element, its space kept and nothing to read (the attribute has the date).
  if (!ready) {
    return (
      <Text size="sm" component="time" dateTime={iso} style={{ visibility: 'hidden' }}>
        {iso}
      </Text>
    );
  }
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
