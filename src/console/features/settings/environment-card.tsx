import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconCheck, IconPencil, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import type { Environment } from '../../lib/environments.ts';
import { getToken } from '../../lib/environments.ts';
import { useServerConfig } from '../../lib/use-server-config.ts';
import { ConnectionResultAlert } from './connection-result.tsx';
import { testConnection } from './connection-test.ts';

interface Props {
  environment: Environment;
  active: boolean;
  removable: boolean;
  onActivate: () => void;
  onEdit: () => void;
  onRemove: () => void;
}

function tokenStorageText(environment: Environment): string {
  if (getToken(environment.id) === '') return 'No token set';
  return environment.rememberToken ? 'Token remembered on this device' : 'Token kept for this browser tab only';
}

function borderColor(environment: Environment, active: boolean): string | undefined {
  if (environment.production) return 'var(--mantine-color-red-6)';
  return active ? 'var(--mantine-primary-color-filled)' : undefined;
}

/** One environment: what it points at, whether it is in use, and its actions. */
export function EnvironmentCard({ environment, active, removable, onActivate, onEdit, onRemove }: Props) {
  const titleId = useId();
  const connection = useMutation({ mutationFn: () => testConnection(environment) });
  const { name } = environment;
  const server = useServerConfig();
  const forwardsTo = environment.baseUrl === '' && server?.mode === 'proxy' ? ` → forwards to ${server.serviceOrigin}` : '';

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      p="lg"
      radius="md"
      data-active={active || undefined}
      style={{ borderColor: borderColor(environment, active), borderLeftWidth: active ? 4 : undefined }}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            <Title order={4} id={titleId} c={environment.production ? 'red' : undefined}>
              {name}
            </Title>
            {active && (
              <Badge variant="filled" leftSection={<IconCheck size={12} />}>
                Active
              </Badge>
            )}
            {environment.production && (
              <Badge color="red" variant="filled">
                Production
              </Badge>
            )}
            {environment.sandbox && (
              <Badge color="teal" variant="light">
                Sandbox
              </Badge>
            )}
          </Group>
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {environment.baseUrl === '' ? `${window.location.origin} (this site)${forwardsTo}` : environment.baseUrl}
          </Text>
          <Text size="xs" c="dimmed">
            {tokenStorageText(environment)}
          </Text>
        </Stack>
        <Group gap="xs">
          {!active && (
            <Button variant="light" color={environment.production ? 'red' : undefined} leftSection={<IconCheck size={16} />} onClick={onActivate} aria-label={`Use ${name}`}>
              Use
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconPlugConnected size={16} />}
            loading={connection.isPending}
            onClick={() => connection.mutate()}
            aria-label={`Test connection to ${name}`}
          >
            Test connection
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onRemove}
            disabled={!removable}
            aria-label={`Remove ${name}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
      {connection.data !== undefined && <ConnectionResultAlert result={connection.data} />}
    </Paper>
  );
}
