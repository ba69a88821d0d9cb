import { Alert, Badge, Button, Group, Loader, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDeviceDesktop, IconDatabase } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Environment } from '../../../lib/environments.ts';
import type { OrderRecord } from '../../orders/order-record.ts';
import { CopySummary } from './copy-summary.tsx';
import type { BrowserHistory } from './from-journal.ts';
import { HistoryTimeline } from './history-timeline.tsx';
import type { OrderHistory } from './history-model.ts';
import { RefundsTable } from './refunds-table.tsx';
import { SentRequestPanel } from './sent-request-panel.tsx';
import { localText } from './time-format.ts';
import type { HistoryState } from './use-order-history.ts';
import { useOrderHistory } from './use-order-history.ts';

interface Props {
  environment: Environment;
  record: OrderRecord;
  /** When the order was last received; 0 when it is not being asked (a kept record). */
  orderUpdatedAt: number;
}

/** The order's story: timeline, refunds, what was sent; from the sandbox, or as seen from this browser. */
export function HistoryPanel({ environment, record, orderUpdatedAt }: Props) {
  const state = useOrderHistory({ environment, orderId: record.id, orderUpdatedAt });
  const history = state.status === 'ready' ? state.history : null;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="order-history-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Title order={3} fz="h4" id="order-history-title">
              History
            </Title>
            <OriginBadge state={state} />
          </Group>
          <CopySummary environmentName={environment.name} record={record} history={history} />
        </Group>
        <HistoryBody state={state} environment={environment} record={record} />
      </Stack>
    </Paper>
  );
}

function OriginBadge({ state }: { state: HistoryState }) {
  if (state.source === 'browser') {
    return (
      <Badge variant="light" color="yellow" tt="none" leftSection={<IconDeviceDesktop size={12} />}>
        Seen from this browser
      </Badge>
    );
  }
  return (
    <Badge variant="light" color="teal" tt="none" leftSection={<IconDatabase size={12} />}>
      Recorded by the sandbox
    </Badge>
  );
}

function HistoryBody({ state, environment, record }: { state: HistoryState; environment: Environment; record: OrderRecord }) {
  if (state.status === 'pending') return <Loader size="sm" role="status" aria-label="Loading the history" />;
  if (state.status === 'error') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Could not read the history">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{state.error.message}</Text>
          <Button size="xs" variant="light" onClick={state.retry} loading={state.retrying}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  const browser = state.source === 'browser' ? state.browser : null;
  return (
    <Stack gap="md">
      {state.source === 'browser' && <BrowserNotice sandboxAnswered={state.sandboxAnswered} />}
      {/* Tighter tabs, so the three fit one row on a phone. */}
      <Tabs defaultValue="timeline" keepMounted={false} styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)', fontSize: 'var(--mantine-font-size-sm)' } }}>
        <Tabs.List>
          <Tabs.Tab value="timeline">Timeline</Tabs.Tab>
          <Tabs.Tab value="refunds">Refunds ({state.history.refunds.length})</Tabs.Tab>
          <Tabs.Tab value="sent">What was sent</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="timeline" pt="md">
          <HistoryTimeline history={state.history} note={startNote(state.history, browser)} empty={<EmptyTimeline browser={browser} />} />
        </Tabs.Panel>
        <Tabs.Panel value="refunds" pt="md">
          <RefundsTable refunds={state.history.refunds} record={record} origin={state.history.origin} />
        </Tabs.Panel>
        <Tabs.Panel value="sent" pt="md">
          <SentRequestPanel environment={environment} orderId={record.id} browser={browser} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BrowserNotice({ sandboxAnswered }: { sandboxAnswered: number | null }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconDeviceDesktop size={18} />} title="Seen from this browser">
      {sandboxAnswered === null
        ? 'This service keeps no history the console can read. '
        : `The sandbox answered HTTP ${sandboxAnswered} for this order's history: it no longer has the order, or it is an older sandbox without history. `}
      Shown here is only what this tab did and saw: the calls its request journal keeps (the last 200, across reloads of the tab).
      Refunds made elsewhere are missing; moves made elsewhere show only as a status seen changed between two reads.
    </Alert>
  );
}

/** Said above a timeline that does not start at the order's creation. */
function startNote(history: OrderHistory, browser: BrowserHistory | null): ReactNode {
  if (history.fromCreation || history.items.length === 0) return null;
  const text =
    history.origin === 'sandbox'
      ? 'No creation is recorded: this order was stored before the sandbox kept history, so its earlier steps are missing.'
      : 'This browser did not create this order (or no longer keeps the call): the timeline starts with what this tab saw.';
  return (
    <Text size="sm" c="dimmed">
      {text}
      {browser?.firstRead != null && ` First read here at ${localText(browser.firstRead.at) ?? browser.firstRead.at}, status ${browser.firstRead.status}.`}
    </Text>
  );
}

function EmptyTimeline({ browser }: { browser: BrowserHistory | null }) {
  if (browser === null) {
    return (
      <Text size="sm" c="dimmed" data-testid="timeline-empty">
        Nothing is recorded for this order: it was stored before the sandbox kept history.
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="timeline-empty">
      <Text size="sm" fw={600}>
        Nothing seen from this browser
      </Text>
      <Text size="sm" c="dimmed">
        This browser has not created, refunded or moved this order, and has not seen its status change
        {browser.firstRead === null
          ? '.'
          : ` (it read the order ${browser.reads === 1 ? 'once' : `${browser.reads} times`}, first at ${localText(browser.firstRead.at) ?? browser.firstRead.at}, status ${browser.firstRead.status}).`}{' '}
        Whatever happened before, or elsewhere, is not known here.
      </Text>
    </Stack>
  );
}
