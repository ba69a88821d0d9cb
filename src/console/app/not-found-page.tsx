import { Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <Stack align="flex-start" gap="sm" py="xl">
      <Title order={2}>Page not found</Title>
      <Text c="dimmed">
        There is no page at <code>{location.pathname}</code>.
      </Text>
      <Button component={Link} to="/orders">
        Go to orders
      </Button>
    </Stack>
  );
}
