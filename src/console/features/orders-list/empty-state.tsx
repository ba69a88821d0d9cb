import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFilterOff, IconPackage } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

function EmptyState({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48} ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text c="dimmed" size="sm" maw={440}>
        {children}
      </Text>
      <Group gap="sm" mt="xs" justify="center">
        {actions}
      </Group>
    </Stack>
  );
}

export function NoOrdersYet({ hint, secondaryAction }: { hint: string; secondaryAction?: ReactNode }) {
  return (
    <EmptyState
      icon={<IconPackage size={26} />}
      title="No orders yet"
      actions={
        <>
          <Button component={Link} to="/orders/new">
            Create your first order
          </Button>
          {secondaryAction}
        </>
      }
    >
      {hint}
    </EmptyState>
  );
}

export function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconFilterOff size={26} />}
      title="No orders match"
      actions={
        <Button variant="light" onClick={onClear}>
          Clear filters
        </Button>
      }
    >
      Try another status, or part of the order id or external id.
    </EmptyState>
  );
}
