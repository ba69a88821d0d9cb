import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { BulkTotals } from '../../../bulk/checks.ts';
import { compareMoney } from '../../../contract/money.ts';
import { TypedConfirmation, useTypedConfirmation } from '../../components/typed-confirmation.tsx';
import type { Environment } from '../../lib/environments.ts';

interface Props {
  environment: Environment;
  totals: BulkTotals;
  /** Team mode: the console server keeps and runs the batch; null in personal mode (this browser runs it). */
  team: { approvalThreshold: string | null } | null;
  /** The typed total in production (the team server checks it again), else null. */
  onConfirm: (typedTotal: string | null) => void;
  onClose: () => void;
}

/** True when a batch of this total waits for a second person (D17: more than the threshold). */
export function needsApproval(total: string, threshold: string | null): boolean {
  return threshold !== null && compareMoney(total, threshold) > 0;
}

/** The last look before money moves; in production the total is typed, as the refund dialog asks for an amount. */
export function ConfirmModal({ environment, totals, team, onConfirm, onClose }: Props) {
  const typed = useTypedConfirmation(totals.total, environment.production);
  const threshold = team?.approvalThreshold ?? null;
  const waits = team !== null && needsApproval(totals.total, threshold);
  return (
    <Modal opened onClose={onClose} title="Confirm the bulk refund" size="lg" closeOnClickOutside={false}>
      <Stack gap="md">
        <Text fw={500}>
          Refund {totals.ready} order{totals.ready === 1 ? '' : 's'}, {totals.total} in total, in {environment.name}.
        </Text>
        {totals.withProblems > 0 && (
          <Text size="sm">
            {totals.withProblems} row{totals.withProblems === 1 ? '' : 's'} with problems will not be sent.
          </Text>
        )}
        {waits && (
          <Alert color="blue" icon={<IconHourglass size={18} />} title="This batch needs a second person's approval">
            {totals.total} is over {environment.name}&apos;s approval threshold of {threshold}: nothing is refunded until an approver other than you approves
            the batch at Approvals.
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {team === null
            ? 'Each refund gets its own payment identifier now, kept in this browser: if the run stops (a reload, a closed tab), it resumes without refunding anything twice.'
            : 'Each refund gets its own payment identifier now; the console server keeps the batch and sends it, so closing this tab loses nothing and nothing is refunded twice.'}
        </Text>
        {environment.production && (
          <TypedConfirmation expected={totals.total} warning="This is a production environment: these refunds move real money." typed={typed.typed} onTyped={typed.setTyped} />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button color="red" onClick={() => onConfirm(environment.production ? typed.typed.trim() : null)} disabled={!typed.confirmed}>
            {waits ? 'Send for approval' : 'Start refunds'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
