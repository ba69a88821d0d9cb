import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { orderStatusSchema } from '../../../contract/schemas.ts';

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

/** The raw status text (D10), coloured by state; a status outside the document is shown as sent. */
export function StatusBadge({ status, ...props }: { status: string } & Omit<BadgeProps, 'children' | 'color'>) {
  const known = orderStatusSchema.safeParse(status);
  return (
    <Badge
      variant="light"
      size="lg"
      radius="sm"
      tt="none"
      {...props}
      color={known.success ? STATUS_COLORS[known.data] : 'dark'}
      data-testid="order-status"
    >
      {status}
    </Badge>
  );
}
