import { Alert, Anchor, DataList, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isHttpUrl } from '../../../../contract/fields.ts';
import { Amount, RawJson } from './history-bits.tsx';
import { SentItems, SentTransactions } from './sent-tables.tsx';
import type { SentRequest } from './sent-request.ts';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function Value({ text, missing = '(not sent)' }: { text: string; missing?: string }) {
  if (text === '') {
    return (
      <Text size="sm" c="dimmed">
        {missing}
      </Text>
    );
  }
  return (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}

/** A return URL from the request becomes a link only with an http(s) scheme; anything else stays text. */
export function ReturnUrl({ url }: { url: string }) {
  if (url === '') return <Value text="" />;
  if (isHttpUrl(url)) {
    return (
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {url} <IconExternalLink size={12} aria-label="(opens in a new tab)" />
      </Anchor>
    );
  }
  return (
    <Stack gap={2}>
      <Value text={url} />
      <Text size="xs" c="dimmed">
        Not an http(s) address, so the console does not make it a link.
      </Text>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={4} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function SentRequestView({ request }: { request: SentRequest }) {
  return (
    <Stack gap="lg">
      {request.mismatches.length > 0 && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="This body differs from the documented create request">
          <List size="sm">
            {request.mismatches.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <DataList labelWidth="11rem" withDivider>
        <Item label="Order external ID">
          <Value text={request.orderExternalId} />
        </Item>
        <Item label="Service">
          <Value text={request.service} missing="(not sent: the service's default)" />
        </Item>
        <Item label="Payment identifier">
          <Value text={request.paymentIdentifier} />
        </Item>
        <Item label="Return URL">
          <ReturnUrl url={request.returnUrl} />
        </Item>
        <Item label="E-shop ID">
          <Value text={request.eshopExternalId} />
        </Item>
        <Item label="Order amount">
          {request.orderAmount === '' ? <Value text="" /> : <Amount value={request.orderAmount} asSent size="sm" />}
        </Item>
      </DataList>

      <Section title="Customer">
        {request.customer.length === 0 ? (
          <Text size="sm" c="dimmed">
            No customer data was sent.
          </Text>
        ) : (
          <DataList labelWidth="11rem" withDivider>
            {request.customer.map(({ field, value }) => (
              <Item key={field} label={field}>
                <Value text={value} />
              </Item>
            ))}
          </DataList>
        )}
      </Section>

      <Section title={`Items (${request.items.length})`}>
        {request.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No items were sent.
          </Text>
        ) : (
          <SentItems request={request} />
        )}
      </Section>

      <Section title={`Transaction history (${request.transactions.length})`}>
        {request.transactions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No transaction history was sent.
          </Text>
        ) : (
          <SentTransactions request={request} />
        )}
      </Section>

      <RawJson value={request.raw} summary="The whole body as JSON" />
    </Stack>
  );
}
