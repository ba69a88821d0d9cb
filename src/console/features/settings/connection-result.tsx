import { Alert, Code, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconClockExclamation, IconKeyOff, IconPlugConnectedX, IconQuestionMark } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ConnectionResult } from './connection-test.ts';

const RAW_TEXT_LIMIT = 2_000;

function TriedUrl({ url }: { url: string }) {
  return (
    <Text size="xs" c="dimmed">
      Asked: <Code style={{ wordBreak: 'break-all' }}>GET {url}</Code>
    </Text>
  );
}

function describe(result: ConnectionResult): { color: string; icon: ReactNode; title: string; body: ReactNode } {
  switch (result.kind) {
    case 'accepted':
      return {
        color: 'green',
        icon: <IconCircleCheck size={20} />,
        title: 'Connected, token accepted',
        body: (
          <Text size="sm">
            The service answered HTTP {result.status} for a made-up order ID{result.status === 404 ? ', as expected' : ''}.
          </Text>
        ),
      };
    case 'no-read':
      return {
        color: 'green',
        icon: <IconCircleCheck size={20} />,
        title: 'Connected, token accepted; this service cannot be asked for one order',
        body: (
          <Stack gap={2}>
            <Text size="sm">
              Reading an order answered HTTP {result.readStatus}: this route does not exist here (not &quot;no such order&quot;). An empty
              create body was refused with the service&apos;s own HTTP {result.createStatus}, so the base URL and the token are right.
            </Text>
            <Text size="sm">
              Orders show what this browser last received; their status is unknown until the service answers a refund or a create.
            </Text>
          </Stack>
        ),
      };
    case 'rejected':
      return {
        color: 'red',
        icon: <IconKeyOff size={20} />,
        title: 'Token rejected',
        body: (
          <Stack gap={2}>
            <Text size="sm">
              HTTP {result.status}: {result.detail === '' ? '(no reason given)' : result.detail}
            </Text>
            <Text size="sm">Edit the environment to enter another token.</Text>
          </Stack>
        ),
      };
    case 'unreachable':
      return {
        color: 'orange',
        icon: <IconPlugConnectedX size={20} />,
        title: 'Service unreachable',
        body: (
          <Text size="sm">
            The request got no answer. The service may be down, the base URL wrong, or it may not allow calls from this page (CORS): for a
            service on another origin, run the console in proxy mode (ORDER_SERVICE_URL).
          </Text>
        ),
      };
    case 'timeout':
      return {
        color: 'orange',
        icon: <IconClockExclamation size={20} />,
        title: `No answer within ${result.timeoutMs / 1000} s`,
        body: <Text size="sm">The request timed out: the service at this address is too slow or does not answer.</Text>,
      };
    case 'unexpected':
      return {
        color: 'yellow',
        icon: <IconQuestionMark size={20} />,
        title: `Unexpected answer: HTTP ${result.status}`,
        body: (
          <Stack gap={4}>
            {result.hint !== null && <Text size="sm">{result.hint}</Text>}
            <Code block mah={200} style={{ overflow: 'auto', whiteSpace: 'pre-wrap' }}>
              {result.text === '' ? '(empty body)' : result.text.slice(0, RAW_TEXT_LIMIT)}
            </Code>
          </Stack>
        ),
      };
  }
}

/** What "Test connection" found, in words a tester can act on. */
export function ConnectionResultAlert({ result }: { result: ConnectionResult }) {
  const { color, icon, title, body } = describe(result);
  return (
    <Alert color={color} icon={icon} title={title} variant="light" role="status" mt="md" styles={{ body: { minWidth: 0 } }}>
      <Stack gap={6} style={{ overflowWrap: 'anywhere' }}>
        {body}
        <TriedUrl url={result.url} />
        <Text size="xs" c="dimmed">
          Tested at {new Date(result.testedAt).toLocaleTimeString()}
        </Text>
      </Stack>
    </Alert>
  );
}
