import { Alert, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconClockExclamation, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AuthProblemAlert } from '../../components/auth-problem-alert.tsx';
import { DEFAULT_TIMEOUT_MS } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { retryCanHelp } from '../../lib/retry-can-help.ts';
import { formatAge } from './order-format.ts';
import { useNow } from './use-now.ts';

function BackToOrders() {
  return (
    <Button component={Link} to="/orders" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Back to orders
    </Button>
  );
}

function Blank({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" align="flex-start" py="lg">
      <Title order={2}>{title}</Title>
      {children}
      <BackToOrders />
    </Stack>
  );
}

export function InvalidOrderId({ orderId }: { orderId: string }) {
  return (
    <Blank title="Not an order ID">
      <Text c="dimmed">
        <Text span ff="monospace" c="var(--mantine-color-text)">
          {orderId}
        </Text>{' '}
        is not a valid order ID: order IDs are UUIDs such as 3f2b8c1e-5d4a-4c7b-9e1f-2a6d8b0c4e5f.
      </Text>
    </Blank>
  );
}

export function OrderNotFound({ orderId, environmentName }: { orderId: string; environmentName: string }) {
  return (
    <Blank title={`Order not found in ${environmentName}`}>
      <Text c="dimmed">
        The service has no order{' '}
        <Text span ff="monospace" c="var(--mantine-color-text)">
          {orderId}
        </Text>
        . It may belong to another environment or another token.
      </Text>
    </Blank>
  );
}

export function OrderLoading() {
  return (
    <Group gap="sm" py="xl">
      <Loader size="sm" />
      <Text c="dimmed">Loading the order…</Text>
    </Group>
  );
}

/** Why a read of the order failed, for a person: a timeout says how long the console waited. */
export function readFailure(error: Error): string {
  return error instanceof ApiError && error.kind === 'timeout' ? `The service did not answer within ${DEFAULT_TIMEOUT_MS / 1000} s (${error.method} ${error.url}).` : error.message;
}

interface LoadErrorProps {
  error: ApiError | Error;
  onRetry: () => void;
  retrying: boolean;
  /** The page asks again by itself (the failure was a timeout, a 5xx or no answer). */
  polling?: boolean;
}

export function OrderLoadError({ error, onRetry, retrying, polling = false }: LoadErrorProps) {
  const what = readFailure(error);
  return (
    <Stack gap="md" align="flex-start" py="lg">
      <Title order={2}>Order</Title>
      {error instanceof ApiError && error.isAuth ? (
        <AuthProblemAlert error={error} what="Loading the order failed with" />
      ) : (
        <Alert color={polling ? 'orange' : 'red'} icon={<IconAlertTriangle size={18} />} title={polling ? 'The order could not be loaded yet' : 'The order could not be loaded'} w="100%" styles={{ body: { minWidth: 0 } }}>
          <Stack gap="sm" align="flex-start">
            {/* The URL in the message is long: it wraps on a phone instead of running out of the alert. */}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {what}
              {polling && ' The page keeps asking and shows the order as soon as the service answers.'}
            </Text>
            {retryCanHelp(error) && (
              <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} />} onClick={onRetry} loading={retrying}>
                Try again
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <BackToOrders />
    </Stack>
  );
}

/**
 * The service has no read of one order (its route answers an HTML 404 or a 405), so the
 * status is unknown. The page shows the last record received and lets a refund go, the service deciding.
 */
export function CannotAskNotice({ status, receivedAt }: { status: number | undefined; receivedAt: string }) {
  const now = useNow();
  const at = Date.parse(receivedAt);
  const age = Number.isNaN(at) ? 'at an unknown time' : formatAge(now - at);
  return (
    <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} title="Status unknown: this service cannot be asked">
      Asked for this order, the service answered HTTP {status ?? '?'} for the route itself (not &quot;no such order&quot;): it has no read of one
      order. What you see is the last record this browser received, {age}; the customer or the provider may have moved the order since.
      Refund stays available: the service decides, and its answer (the order, or a refusal) is what this page shows next.
    </Alert>
  );
}

/** A fresh browser asked for an order the service cannot be asked for, with no record of its own. */
export function OrderCannotBeAsked({ orderId, environmentName, status }: { orderId: string; environmentName: string; status: number | undefined }) {
  return (
    <Blank title="This service cannot be asked for one order">
      <Text c="dimmed" maw={720}>
        Asked for order{' '}
        <Text span ff="monospace" c="var(--mantine-color-text)">
          {orderId}
        </Text>
        , {environmentName} answered HTTP {status ?? '?'} for the route itself, not &quot;no such order&quot;: it has no read of one order, so
        the order may well exist. This browser has no record of it. Open it from the browser that created it, or look it up where the
        service keeps its orders.
      </Text>
    </Blank>
  );
}

/** D9: the service cannot be asked for this order any more; the page shows what it last received. */
export function StaleNotice({ status, receivedAt }: { status: number | undefined; receivedAt: string }) {
  const now = useNow();
  const at = Date.parse(receivedAt);
  const age = Number.isNaN(at) ? 'at an unknown time' : formatAge(now - at);
  return (
    <Alert color="orange" variant="light" icon={<IconClockExclamation size={18} />} title={`Last received ${age}`}>
      The service answered HTTP {status ?? '?'} when asked for this order, so it cannot be asked for a fresher record. What you
      see is the last record this browser received; the order may have changed since.
    </Alert>
  );
}

/** D9: the answer did not match the documented order; it is shown anyway. */
export function MismatchNotice({ mismatches }: { mismatches: readonly string[] }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title="The service's answer does not match the documented order">
      <List size="sm" spacing={2}>
        {mismatches.map((m) => (
          <List.Item key={m}>
            <Text span size="sm" ff="monospace">
              {m}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
