import { Alert, Button, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Environment } from '../lib/environments.ts';
import { useServerConfig, useToken } from '../lib/use-server-config.ts';

/**
 * Proxy mode (ORDER_SERVICE_URL): says where this console's calls go, and until a token is set for
 * that service, how to get going, instead of greeting the person with an error.
 */
export function ProxyNotice({ environment }: { environment: Environment }) {
  const config = useServerConfig();
  const token = useToken(environment.id);
  if (config?.mode !== 'proxy' || environment.baseUrl !== '' || token !== '') return null;
  return (
    <Alert color="blue" variant="light" icon={<IconArrowsExchange />} mb="md" title={`Connected to ${config.serviceHost} through this server`}>
      <Text size="sm" mb="xs">
        This console forwards its calls to the Order Service at <Text span ff="monospace">{config.serviceOrigin}</Text>. Add your token
        for it in Settings to create, open and refund orders there.
      </Text>
      {/* Straight to the token editor of this environment, not to a page to search. */}
      <Button component={Link} to={`/settings?${new URLSearchParams({ edit: environment.id }).toString()}`} size="xs" variant="light">
        Set the token in Settings
      </Button>
    </Alert>
  );
}
