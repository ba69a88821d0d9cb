import { Alert, Button, Code, Group, Stack, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** What a page crash looks like: what went wrong and a way back, never a white screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Stack gap="md" p="xl" maw={720}>
      <Title order={2}>Something went wrong</Title>
      <Alert color="red" title="This page failed to render">
        <Code block>{message}</Code>
      </Alert>
      <Group>
        <Button component={Link} to="/orders">
          Back to orders
        </Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Group>
    </Stack>
  );
}
