import { Title } from '@mantine/core';

export function CreateOrderPage() {
  return <Title order={2}>New order</Title>;
}
