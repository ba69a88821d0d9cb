import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SandboxStats } from '../../../contract/stats.ts';
import { AuthProblemAlert } from '../../components/auth-problem-alert.tsx';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { UpdatedAgo } from '../order-detail/updated-ago.tsx';
import { HourlyChart } from './hourly-chart.tsx';
import { RefusedList } from './refused-list.tsx';
import { groupedAmount, groupedCount } from './figures.ts';
import { StatusBars, ordersLink } from './status-bars.tsx';
import { statsQueries } from './stats-queries.ts';

// The sandbox at a glance, from one aggregate request (GET /sandbox/stats). Every count
// the orders list can filter by links to it.

function Figure({ label, value, to, detail, testId }: { label: string; value: string; to?: string; detail: ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text size="xl" fw={700} ff="monospace" data-testid={testId}>
          {to === undefined ? (
            value
          ) : (
            <Anchor component={Link} to={to} inherit>
              {value}
            </Anchor>
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={3} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Overview({ stats }: { stats: SandboxStats }) {
  const refunded = stats.by_status.find((row) => row.status === 'refunded')?.count ?? 0;
  const lastDay = stats.created_per_hour.reduce((n, h) => n + h.count, 0);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        <Figure label="Orders" value={groupedCount(stats.orders.count)} to={ordersLink()} testId="overview-orders" detail={`${groupedAmount(stats.orders.initial_amount)} ordered in all`} />
        <Figure label="Created in the last 24 hours" value={groupedCount(lastDay)} testId="overview-last-day" detail="By hour below" />
        <Figure
          label="Refunded"
          value={groupedAmount(stats.refunds.amount)}
          testId="overview-refunded"
          detail={
            <>
              {groupedCount(stats.refunds.count)} {stats.refunds.count === 1 ? 'refund' : 'refunds'} on {groupedCount(stats.refunds.orders)}{' '}
              {stats.refunds.orders === 1 ? 'order' : 'orders'};{' '}
              <Anchor component={Link} to={ordersLink('refunded')} inherit underline="always">
                {groupedCount(refunded)} fully refunded
              </Anchor>
            </>
          }
        />
        <Figure label="Refunds refused" value={groupedCount(stats.refused_refunds.count)} testId="overview-refused" detail="The newest are listed below" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Section title="Orders by status">
          <StatusBars rows={stats.by_status} />
        </Section>
        <Section title="Orders created per hour">
          <HourlyChart hours={stats.created_per_hour} />
        </Section>
      </SimpleGrid>
      <Section title="Newest refused refunds">
        <RefusedList refusals={stats.refused_refunds.newest} />
      </Section>
    </Stack>
  );
}

function OverviewLoader({ environment }: { environment: Environment }) {
  const query = useQuery(statsQueries.overview(environment));
  const refresh = (
    <Button variant="default" leftSection={<IconRefresh size={18} />} onClick={() => void query.refetch()} loading={query.isFetching}>
      Refresh
    </Button>
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Sandbox at a glance</Title>
          <Text c="dimmed" size="sm">
            The orders of this token in {environment.name}: by status, by hour, refunds made and refused.
          </Text>
          {query.data !== undefined && <UpdatedAgo at={query.dataUpdatedAt} prefix="Updated" />}
        </Stack>
        {refresh}
      </Group>
      {query.error instanceof ApiError && query.error.isAuth ? (
        <AuthProblemAlert error={query.error} what="Loading the figures failed with" />
      ) : query.error !== null ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The figures could not be loaded">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {query.error.message}
          </Text>
        </Alert>
      ) : null}
      {query.data !== undefined ? (
        <Overview stats={query.data} />
      ) : query.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading the figures…</Text>
        </Group>
      ) : null}
    </Stack>
  );
}

export function OverviewPage() {
  const environment = useActiveEnvironment();
  if (!environment.sandbox) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={2}>Sandbox at a glance</Title>
        <Alert color="blue" variant="light" title={`${environment.name} is not a sandbox`}>
          The overview reads the sandbox&apos;s own figures, which a real Order Service does not offer. Choose a sandbox environment in{' '}
          <Anchor component={Link} to="/settings" inherit>
            Settings
          </Anchor>
          .
        </Alert>
      </Stack>
    );
  }
  // Keyed, so switching environment never shows one environment's figures under another.
  return <OverviewLoader key={environment.id} environment={environment} />;
}
