import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The orders page's frame: its heading, what it is for, and New order. It uses only what the shell
// already loads (shell-styles.ts), so the route renders it with the first screen while the list's
// code is still on its way (issue 6: time to Largest Contentful Paint on /orders).
export function OrdersLayout({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Orders</Title>
          <Text c="dimmed" size="sm">
            Find an order and open it to see its details, refund it or follow its status.
          </Text>
        </div>
        <Button component={Link} to="/orders/new" leftSection={<IconPlus size={18} />}>
          New order
        </Button>
      </Group>
      {children}
    </Stack>
  );
}
