import { Alert, Button, Code, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Environment } from '../../../lib/environments.ts';
import type { BrowserHistory } from './from-journal.ts';
import { historyQueries } from './history-queries.ts';
import classes from './history.module.css';
import { readSentRequestText } from './sent-request.ts';
import { SentRequestView } from './sent-request-view.tsx';
import { localText } from './time-format.ts';

/** What was sent to create the order: the sandbox's copy as received, or this browser's own call. */
export function SentRequestPanel({ environment, orderId, browser }: { environment: Environment; orderId: string; browser: BrowserHistory | null }) {
  if (browser !== null) return <FromBrowser browser={browser} />;
  return <FromSandbox environment={environment} orderId={orderId} />;
}

function FromSandbox({ environment, orderId }: { environment: Environment; orderId: string }) {
  const query = useQuery(historyQueries.request(environment, orderId));
  if (query.isPending) return <Loader size="sm" role="status" aria-label="Loading what was sent" />;
  if (query.error !== null) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not read what was sent">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { request, raw } = query.data;
  if (request === null) return <NotAnObject text={JSON.stringify(raw, null, 2) ?? String(raw)} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The create request exactly as the sandbox received it.
      </Text>
      <SentRequestView request={request} />
    </Stack>
  );
}

function FromBrowser({ browser }: { browser: BrowserHistory }) {
  if (browser.createBody === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="sent-empty">
        This browser did not create this order, or no longer keeps the call that did (the journal keeps every create and refund of this tab, until the tab is closed). What
        was sent is not known here: this service offers no way to read it back.
      </Text>
    );
  }
  const request = readSentRequestText(browser.createBody);
  if (request === null) return <NotAnObject text={browser.createBody} />;
  const at = browser.createdAt === null ? null : localText(browser.createdAt);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The create request as this browser sent it{at === null ? '' : ` at ${at}`}.
      </Text>
      <SentRequestView request={request} />
    </Stack>
  );
}

function NotAnObject({ text }: { text: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        The body cannot be read as a JSON object (it may have been shortened when this tab kept it). Here it is as text:
      </Text>
      <Code block className={classes.raw} tabIndex={0}>
        {text}
      </Code>
    </Stack>
  );
}
