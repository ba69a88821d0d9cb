import { Code, Group, Stack, Text } from '@mantine/core';
import { formatDuration } from '../../../scenarios/report-json.ts';
import type { Exchange } from '../../../scenarios/report-schema.ts';
import { prettyBody } from '../../lib/journal.ts';

function statusColor(exchange: Exchange): string {
  const status = exchange.response?.status;
  if (status === undefined) return 'red';
  if (status < 400) return 'green';
  return status < 500 ? 'orange' : 'red';
}

function headersText(headers: Record<string, string>): string {
  return Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** One recorded call: its line, and request and response when opened. */
export function ExchangeItem({ exchange, baseUrl }: { exchange: Exchange; baseUrl: string }) {
  const path = exchange.url.startsWith(baseUrl) ? exchange.url.slice(baseUrl.length) : exchange.url;
  const answer = exchange.response === null ? (exchange.error ?? 'no answer') : exchange.response.status === 0 ? 'redirect' : String(exchange.response.status);
  return (
    <details>
      <summary style={{ cursor: 'pointer' }}>
        <Text span ff="monospace" size="xs">
          #{exchange.seq} {exchange.method} {path} →{' '}
          <Text span inherit fw={700} c={statusColor(exchange)}>
            {answer}
          </Text>{' '}
          <Text span inherit c="dimmed">
            · {formatDuration(exchange.duration_ms)}
          </Text>
        </Text>
      </summary>
      <Group align="flex-start" grow gap="xs" mt={4} wrap="wrap">
        <Stack gap={2} miw={260}>
          <Text size="xs" fw={600}>
            Request
          </Text>
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {headersText(exchange.request.headers)}
            {exchange.request.body === null ? '' : `\n\n${prettyBody(exchange.request.body)}`}
          </Code>
        </Stack>
        <Stack gap={2} miw={260}>
          <Text size="xs" fw={600}>
            Response
          </Text>
          <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {exchange.response === null
              ? (exchange.error ?? 'no answer')
              : `${headersText(exchange.response.headers)}${exchange.response.body === '' ? '' : `\n\n${prettyBody(exchange.response.body)}`}`}
          </Code>
        </Stack>
      </Group>
    </details>
  );
}
