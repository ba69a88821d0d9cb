import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { OrderStatus } from '../../contract/schemas.ts';
import { orderStatusSchema } from '../../contract/schemas.ts';

const STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
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
  const known = orderStatusSchema.safeParse(status);
  return known.success ? STATUS_COLORS[known.data] : 'gray';
}

/**
 * The raw status text (D10) in a badge coloured by what it means. The dot variant keeps the text in
 * the body colour, so every status reads at full contrast in both schemes (coloured text on a tinted
 * background fell below 4.5:1 for green and teal). An undocumented status is shown as sent, in grey.
 */
export function StatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'children' | 'color' | 'variant'>) {
  return (
    <Badge variant="dot" radius="sm" tt="none" {...props} color={statusColor(status)} data-testid="order-status">
      {status === '' ? '—' : status}
    </Badge>
  );
}
