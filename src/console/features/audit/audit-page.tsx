import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconLock } from '@tabler/icons-react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditFilter } from '../../../contract/audit.ts';
import { retryCanHelp } from '../../lib/retry-can-help.ts';
import type { AuditFilterForm } from './audit-filter-form.ts';
import { FILTER_KEYS, filterFromForm, formFromParams } from './audit-filter-form.ts';
import { AuditFilters } from './audit-filters.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { auditExportUrl, auditQueries } from './audit-queries.ts';
import { AuditTable } from './audit-table.tsx';

// docs/decisions.md D16: `/audit`, for admins in team mode. Who did what, newest first, filtered on the
// server; older rows page in on request; the same filters export the whole matching log.

function ExportButtons({ filter }: { filter: AuditFilter }) {
  // Plain links: the browser downloads with the session cookie, and the file never sits in memory here.
  return (
    <Group gap="xs">
      <Button component="a" href={auditExportUrl('csv', filter)} download variant="default" leftSection={<IconDownload size={16} />}>
        Export CSV
      </Button>
      <Button component="a" href={auditExportUrl('jsonl', filter)} download variant="default" leftSection={<IconDownload size={16} />}>
        Export JSONL
      </Button>
    </Group>
  );
}

function LoadProblem({ error, onRetry, retrying }: { error: Error; onRetry: () => void; retrying: boolean }) {
  // The session that ended also opens the sign-in dialog (the query client's error handling).
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    return (
      <Alert color="red" variant="light" icon={<IconLock size={18} />} title={error.status === 401 ? 'Your session has ended' : 'Admins only'} role="alert">
        <Text size="sm">{error.status === 401 ? 'Sign in again to read the audit log.' : 'Your role cannot read the audit log: ask an admin of your team.'}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="The audit log could not be loaded" role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {error.message}
        </Text>
        {retryCanHelp(error) && (
          <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const form = useMemo(() => formFromParams(params), [params]);
  const filter = useMemo(() => filterFromForm(form), [form]);
  const query = useInfiniteQuery({ ...auditQueries.list(filter), placeholderData: keepPreviousData });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);

  const apply = (next: AuditFilterForm) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of FILTER_KEYS) {
          if (next[key] === '') updated.delete(key);
          else updated.set(key, next[key]);
        }
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={2}>Audit log</Title>
          <Text c="dimmed" size="sm">
            Every sign-in, order, refund and change of a user, with who did it; newest first. Times are UTC.
          </Text>
        </Stack>
        <ExportButtons filter={filter} />
      </Group>
      {/* Keyed by the address: a link or "back" to other filters shows them in the inputs too. */}
      <AuditFilters key={params.toString()} value={form} onApply={apply} />
      {query.error !== null && rows.length === 0 ? (
        <LoadProblem error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.isPending ? (
        <Center py={48}>
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed" size="sm">
              Loading the audit log…
            </Text>
          </Group>
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No recorded action matches these filters.</Text>
      ) : (
        <Stack gap="xs" style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          <AuditTable rows={rows} />
          <Group gap="xs" justify="space-between" aria-live="polite">
            <Text size="xs" c="dimmed">
              {rows.length} {rows.length === 1 ? 'row' : 'rows'} shown{query.hasNextPage ? '' : ' (all)'}
            </Text>
            {query.hasNextPage && (
              <Button size="xs" variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                Load older
              </Button>
            )}
          </Group>
          {query.error !== null && <LoadProblem error={query.error} onRetry={() => void query.fetchNextPage()} retrying={query.isFetchingNextPage} />}
        </Stack>
      )}
    </Stack>
  );
}
