import { Title } from '@mantine/core';

export function OrdersPage() {
  return <Title order={2}>Orders</Title>;
}
