import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { BulkRowInput } from '../../../bulk/bulk-file.ts';
import { readBulkFile, SEPARATOR_NAMES } from '../../../bulk/bulk-file.ts';
import type { CsvSeparator } from '../../../bulk/csv.ts';
import { bulkTotals, checkRows } from '../../../bulk/checks.ts';
import { planRun } from '../../../bulk/plan.ts';
import type { BulkRun } from '../../../contract/bulk-run-model.ts';
import type { Environment } from '../../lib/environments.ts';
import { isUuid } from '../../../contract/uuid.ts';
import { useIndexedOrders } from '../order-index/indexed-orders.ts';
import { lastRefundAccount } from '../order-detail/last-refund-account.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { ReviewTable } from './review-table.tsx';
import { UploadCard } from './upload-card.tsx';
import { useOrderChecks } from './use-order-checks.ts';

interface LoadedFile {
  name: string;
  rows: BulkRowInput[];
  ignoredColumns: string[];
  separator: CsvSeparator;
}

interface Props {
  environment: Environment;
  /** Team mode: the server runs the batch, and over this threshold it waits for approval; null in personal mode. */
  team: { approvalThreshold: string | null } | null;
  /** The plan, and in production the total as typed. */
  onStart: (run: BulkRun, typedTotal: string | null) => void;
  /** Team mode: the batch is on its way to the server; Confirm cannot be pressed twice. */
  starting?: boolean;
}

/** Upload, check, fix, confirm: nothing is sent before the person confirms the total. */
export function PreparePanel({ environment, team, onStart, starting = false }: Props) {
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [account, setAccount] = useState(() => lastRefundAccount(environment.id) ?? '');
  const [confirming, setConfirming] = useState(false);
  const rows = useMemo(() => file?.rows ?? [], [file]);
  const checks = useOrderChecks(environment, rows.map((r) => r.order_id));
  const lookups = useMemo(() => checks.data ?? new Map(), [checks.data]);
  const checked = useMemo(() => checkRows(rows, lookups, account), [rows, lookups, account]);
  const indexed = useIndexedOrders(environment.id, checked.map((row) => row.order_id).filter(isUuid), team !== null);
  const totals = bulkTotals(checked);
  const reading = checks.isFetching;
  const accountMissing = account.trim() === '' ? rows.filter((r) => r.destination_account_number === '').length : 0;

  const load = (name: string, text: string) => {
    const result = readBulkFile(text);
    if (!result.ok) {
      setFile(null);
      setFileError(`${name}: ${result.error}`);
      return;
    }
    setFileError(null);
    setFile({ name, rows: result.rows, ignoredColumns: result.ignoredColumns, separator: result.separator });
  };

  const edit = (key: string, patch: { amount?: string; reason?: string }) =>
    setFile((current) => current && { ...current, rows: current.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const drop = (key: string) => setFile((current) => current && { ...current, rows: current.rows.filter((r) => r.key !== key) });

  return (
    <Stack gap="md">
      <UploadCard onFile={load} error={fileError} />
      {file !== null && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <div>
                <Text fw={600}>
                  {file.name}: {rows.length} row{rows.length === 1 ? '' : 's'}
                </Text>
                {/* Which separator the header row showed, so a file read the wrong way is noticed at once. */}
                <Text size="sm" c="dimmed">
                  Read as {SEPARATOR_NAMES[file.separator]}
                  {file.separator === ',' ? '' : ': a comma in an amount is its decimal mark (12,50 is 12.50)'}.
                </Text>
              </div>
              <Button variant="default" size="xs" onClick={() => void checks.refetch()} loading={reading}>
                Check again
              </Button>
            </Group>
            {file.ignoredColumns.length > 0 && (
              <Alert color="yellow" p="xs">
                Not used: the column{file.ignoredColumns.length > 1 ? 's' : ''} {file.ignoredColumns.join(', ')}.
              </Alert>
            )}
            <TextInput
              label="Destination account number"
              description="Where the refunds go, for rows without their own destination_account_number"
              name="destination_account_number"
              value={account}
              onChange={(event) => setAccount(event.currentTarget.value)}
              maw={420}
              autoComplete="off"
              error={accountMissing > 0 ? `Needed: ${accountMissing} row${accountMissing === 1 ? ' has' : 's have'} no account of ${accountMissing === 1 ? 'its' : 'their'} own` : undefined}
            />
            {reading && (
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">Reading the orders…</Text>
              </Group>
            )}
            <ReviewTable rows={checked} indexed={indexed} onEdit={edit} onDrop={drop} />
            <Group justify="space-between" align="center">
              <Text role="status" aria-live="polite" data-testid="bulk-total">
                {totals.ready} of {totals.rows} rows ready · Total {totals.total}
                {totals.withProblems > 0 ? ` · ${totals.withProblems} with problems will not be sent` : ''}
              </Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => setFile(null)}>
                  Start over
                </Button>
                <Button onClick={() => setConfirming(true)} disabled={reading || totals.ready === 0} loading={starting}>
                  Review and confirm
                </Button>
              </Group>
            </Group>
          </Stack>
        </Paper>
      )}
      {confirming && (
        <ConfirmModal
          environment={environment}
          totals={totals}
          team={team}
          onClose={() => setConfirming(false)}
          onConfirm={(typedTotal) => {
            setConfirming(false);
            onStart(planRun(checked, environment.id), typedTotal);
          }}
        />
      )}
    </Stack>
  );
}
