import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFlask } from '@tabler/icons-react';
import { reachableStatuses } from '../../../contract/states.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { ORDER_STATUSES } from '../../../contract/schemas.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useSetOrderStatus } from '../orders/api/set-order-status.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/order-record.ts';

/** Sandbox only (D7): move the order along the allowed transitions, as the customer or the provider would. */
export function SimulateMenu({ environment, record }: { environment: Environment; record: OrderRecord }) {
  const mutation = useSetOrderStatus(environment, record.id);
  const current = knownStatus(record);
  const reachable = new Set(current === null ? [] : reachableStatuses(current));

  const move = (target: OrderStatus) => {
    mutation.mutate(target, {
      onSuccess: (received) => {
        notifications.show({ color: 'teal', title: 'Order moved', message: `The sandbox moved the order to ${received.record.status}.` });
      },
      onError: (error) => {
        const conflict = error instanceof ApiError && error.status === 409;
        notifications.show({
          color: conflict ? 'orange' : 'red',
          title: conflict ? `Cannot move the order to ${target}` : 'Simulation failed',
          message: error instanceof ApiError ? (error.detail ?? error.message) : error.message,
          autoClose: conflict ? 8_000 : false,
        });
      },
    });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconFlask size={18} />} rightSection={<IconChevronDown size={14} />} loading={mutation.isPending}>
          Simulate
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move this sandbox order to</Menu.Label>
        {ORDER_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            disabled={!reachable.has(status)}
            onClick={() => move(status)}
            rightSection={
              status === current ? (
                <Text size="xs" c="dimmed">
                  current
                </Text>
              ) : status === 'refunded' && reachable.has(status) ? (
                <Text size="xs" c="dimmed">
                  refunds the rest
                </Text>
              ) : null
            }
          >
            {status}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
