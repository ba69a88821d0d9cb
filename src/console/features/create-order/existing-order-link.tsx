import { Anchor } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { stripWhitespace } from '../../../contract/fields.ts';
import type { ExistingOrder } from './existing-order.ts';
import type { CreateOrderControl } from './form-values.ts';

/**
 * Under order_external_id after the service refused it as a duplicate: a link to the order that
 * already has it, while the field still holds that id. Rendered only once an order was found, so
 * the form does not watch the field otherwise.
 */
export function ExistingOrderLink({ control, existing }: { control: CreateOrderControl; existing: ExistingOrder }) {
  const value = useWatch({ control, name: 'order_external_id' });
  if (stripWhitespace(value) !== existing.externalId) return null;
  return (
    <Anchor component={Link} to={`/orders/${encodeURIComponent(existing.orderId)}`} size="sm" mt={4} display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      Open the existing order with this external ID <IconArrowRight size={14} aria-hidden />
    </Anchor>
  );
}
