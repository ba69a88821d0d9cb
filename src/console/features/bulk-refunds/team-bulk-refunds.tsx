import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { usePermission, useTeamMe } from '../../lib/use-team.ts';
import { PreparePanel } from './prepare-panel.tsx';
import { RunPanel } from './run-panel.tsx';
import { useIndexedOrders } from '../order-index/indexed-orders.ts';
import { TeamRunNotice } from './team-run-notice.tsx';
import { RUNS_SHOWN, TeamRunsList } from './team-runs-list.tsx';
import { useTeamBulkRun } from './use-team-bulk-run.ts';

// Team mode (D16/D17): the same upload, checks and confirmation as in personal mode (the
// orders are read through the console server), but Confirm hands the plan to the console server,
// which keeps it and sends it; this page shows the server's run. `?run=` opens one (Approvals links here).

export function TeamBulkRefunds({ environment }: { environment: Environment }) {
  const me = useTeamMe();
  const [params] = useSearchParams();
  const bulk = useTeamBulkRun(environment, me, params.get('run'));
  const may = usePermission(environment.id, 'request:refund');
  const threshold = me?.environments.find((e) => e.id === environment.id)?.approvalThreshold ?? null;
  const run = bulk.controls?.run;
  // Asked again as rows settle, so a row's amount now and what was refunded follow the run.
  const settled = run === undefined ? '' : `${run.rows.filter((row) => row.state.kind !== 'pending' && row.state.kind !== 'sending').length}/${run.finishedAt ?? ''}`;
  const indexed = useIndexedOrders(environment.id, run?.rows.map((row) => row.plan.order_id) ?? [], true, settled);
  const runs = bulk.list.data ?? [];
  return (
    <Stack gap="md">
      {bulk.loading && <Loader role="status" aria-label="Loading the bulk runs" />}
      {bulk.loadError !== null && <Alert color="red">{bulk.loadError}</Alert>}
      {!bulk.loading && bulk.team !== null && bulk.controls !== null && (
        <RunPanel
          controls={bulk.controls}
          indexed={indexed}
          notice={
            <TeamRunNotice
              team={bulk.team}
              threshold={threshold}
              onWithdraw={bulk.withdraw}
              acting={bulk.acting}
              error={bulk.actError}
              readAt={bulk.readAt}
              unreachableSince={bulk.unreachableSince}
            />
          }
        />
      )}
      {!bulk.loading && bulk.team === null && (
        <>
          {bulk.createError !== null && (
            <Alert color="red" title="The batch was not started">
              <Stack gap="xs">
                <Text size="sm">{bulk.createError}</Text>
                {bulk.sendAgain !== null && (
                  <>
                    <Text size="sm">
                      The console may have kept it anyway: look at the runs below first. Sending again sends the same batch with the same payment identifiers, so
                      no order is refunded twice.
                    </Text>
                    <Group>
                      <Button size="xs" onClick={bulk.sendAgain} loading={bulk.starting}>
                        Send the same batch again
                      </Button>
                    </Group>
                  </>
                )}
              </Stack>
            </Alert>
          )}
          {may.allowed ? (
            <PreparePanel environment={environment} team={{ approvalThreshold: threshold }} onStart={bulk.start} starting={bulk.starting} />
          ) : (
            <Alert color="gray">{may.reason}</Alert>
          )}
        </>
      )}
      {runs.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h4">
            {runs.length > RUNS_SHOWN ? `The newest ${RUNS_SHOWN} bulk runs in ${environment.name}` : `Bulk runs in ${environment.name}`}
          </Title>
          <TeamRunsList runs={runs} onOpen={bulk.open} />
        </Stack>
      )}
    </Stack>
  );
}
