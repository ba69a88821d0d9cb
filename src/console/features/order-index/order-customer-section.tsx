import type { OrderSectionProps } from '../order-detail/order-sections.tsx';
import { usePermission } from '../../lib/use-team.ts';
import { useIndexedOrders } from './indexed-orders.ts';
import { CustomerPanel } from './indexed-order-facts.tsx';

/** The order page's Customer panel (team mode): for a role that may see personal data, from the index. */
export function OrderCustomerSection({ environment, record }: OrderSectionProps) {
  const allowed = usePermission(environment.id, 'read:customer').allowed;
  const records = useIndexedOrders(environment.id, record.id === '' ? [] : [record.id], allowed);
  if (!allowed) return null;
  return <CustomerPanel record={records.get(record.id.toLowerCase())} />;
}
