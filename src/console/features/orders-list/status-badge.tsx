import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { knownStatus } from '../orders/order-record.ts';

const STATUS_COLORS: Record<OrderStatus, string> = {
  new: 'gray',
  data_completed: 'blue',
  checking: 'blue',
  accepted: 'cyan',
  activated: 'green',
  refunded: 'violet',
  rejected: 'orange',
  canceled: 'orange',
  error: 'red',
};

export function statusColor(status: string): string {
  const known = knownStatus({ status });
  return known === null ? 'gray' : STATUS_COLORS[known];
}

/** The raw status text (D10), coloured by what it means; an undocumented status stays readable, in grey. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge data-testid="order-status" color={statusColor(status)} variant="light" tt="none" radius="sm">
      {status === '' ? '—' : status}
    </Badge>
  );
}
