import { Button, Group, MantineProvider, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MemoryRouter, Link } from 'react-router';
import { expect, test } from 'vitest';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { canonicalMarkup } from '../../test/same-markup.ts';
import { OrdersLayout, OrdersPanel } from './orders-layout.tsx';

// orders-layout.tsx writes Mantine's markup by hand; the references are the components
// the page was built from before.

const inProviders = (node: ReactNode) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <MemoryRouter>{node}</MemoryRouter>
  </MantineProvider>
);

test('the frame is what Mantine’s Stack, Group, Title, Text and Button render', () => {
  const reference = (
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
      <p>the page</p>
    </Stack>
  );
  expect(canonicalMarkup(inProviders(<OrdersLayout><p>the page</p></OrdersLayout>))).toBe(canonicalMarkup(inProviders(reference)));
});

test('the panel is what Mantine’s Paper and Stack render', () => {
  const reference = (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <p>the list</p>
      </Stack>
    </Paper>
  );
  expect(canonicalMarkup(inProviders(<OrdersPanel><p>the list</p></OrdersPanel>))).toBe(canonicalMarkup(inProviders(reference)));
});
