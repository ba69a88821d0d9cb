import { Title } from '@mantine/core';

export function OrderPage() {
  return <Title order={2}>Order</Title>;
}
