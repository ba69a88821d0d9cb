import { notifications } from '@mantine/notifications';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useSetOrderStatus } from '../orders/api/set-order-status.ts';

/**
 * Sandbox only (D7): move an order through the control API, telling the user how it went. The
 * Simulate menu and the lifecycle diagram both move orders with it, so both say the same things.
 */
export function useSimulateMove(environment: Environment, orderId: string) {
  const mutation = useSetOrderStatus(environment, orderId);
  const move = (target: OrderStatus, onSettled?: () => void) => {
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
      ...(onSettled ? { onSettled } : {}),
    });
  };
  return { move, pending: mutation.isPending };
}
