import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkTotals } from '../../../bulk/checks.ts';
import type { Environment } from '../../lib/environments.ts';

interface Props {
  environment: Environment;
  totals: BulkTotals;
  onConfirm: () => void;
  onClose: () => void;
}

/** The last look before money moves; in production the total is typed, as the refund dialog asks for an amount. */
export function ConfirmModal({ environment, totals, onConfirm, onClose }: Props) {
  const [typed, setTyped] = useState('');
  const typedMatches = typed.trim() === totals.total;
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
        <Text size="sm" c="dimmed">
          Each refund gets its own payment identifier now, kept in this browser: if the run stops (a reload, a closed tab), it resumes
          without refunding anything twice.
        </Text>
        {environment.production && (
          <Stack gap="xs">
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
              This is a production environment: these refunds move real money.
            </Alert>
            <TextInput
              label={`Type ${totals.total} to confirm`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              inputMode="decimal"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              data-autofocus
            />
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Back
          </Button>
          <Button color="red" onClick={onConfirm} disabled={environment.production && !typedMatches}>
            Start refunds
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
