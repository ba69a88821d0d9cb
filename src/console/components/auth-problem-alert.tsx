import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconLock, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ApiError } from '../lib/api-error.ts';
import { withoutToken } from '../lib/without-token.ts';

/**
 * A 401/403 where it happened, kept on the page (the toast goes, this stays): the token is the
 * problem, so the way out is Settings, not trying again.
 */
export function AuthProblemAlert({ error, what }: { error: ApiError; what: string }) {
  const reason = withoutToken(error.detail ?? error.message);
  return (
    <Alert color="red" variant="light" icon={<IconLock size={18} />} title="The service rejected the token" role="alert" w="100%">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {what} HTTP {error.status ?? '?'}: {reason} Check the environment and its token in Settings; trying again with the same
          token will not help.
        </Text>
        <Button component={Link} to="/settings" size="xs" leftSection={<IconSettings size={14} />}>
          Open Settings
        </Button>
      </Stack>
    </Alert>
  );
}
