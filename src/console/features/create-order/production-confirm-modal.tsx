import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';

interface Props {
  /** The body about to be sent, or null when nothing waits for a confirmation. */
  body: OrderCreateRequest | null;
  environmentName: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * In an environment marked production (Settings), Create order first asks, naming the environment
 * and the amount: an order there is real.
 */
export function ProductionConfirmModal({ body, environmentName, onCancel, onConfirm }: Props) {
  const amount = body === null ? '' : isAmountString(body.order_data.amount) ? formatMoney(body.order_data.amount) : body.order_data.amount;
  return (
    <Modal opened={body !== null} onClose={onCancel} title={`Create a real order on ${environmentName}?`} closeButtonProps={{ 'aria-label': 'Close' }}>
      {body !== null && (
        <Stack gap="md">
          <Text size="sm">
            {environmentName} is a production environment. The order is created for real, as a payment service provider would create it.
          </Text>
          <Text size="sm" component="dl" m={0}>
            <Text span inherit fw={600} component="dt">
              Order amount
            </Text>
            <Text inherit component="dd" ml={0} mb="xs" ff="monospace" fz="lg" data-testid="confirm-amount">
              {amount}
            </Text>
            <Text span inherit fw={600} component="dt">
              Order external ID
            </Text>
            <Text inherit component="dd" ml={0} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {body.order_external_id}
            </Text>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Keep editing
            </Button>
            <Button color="red" onClick={onConfirm}>
              Create order on {environmentName}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
