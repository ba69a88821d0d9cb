import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { environmentStore } from '../../lib/environments.ts';
import { useEnvironments } from '../../lib/use-environment.ts';
import { useTeamMe } from '../../lib/use-team.ts';

// Team mode (D16): environments are the server's configuration, shown read-only with this person's
// role in each. No token field: the server holds the tokens and adds them when it forwards.

export function TeamSettings() {
  const { environments, active } = useEnvironments();
  const me = useTeamMe();
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Connection settings</Title>
        <Text c="dimmed" size="sm">
          Your team&apos;s environments, set on the console&apos;s server. Its administrators change them; this browser holds no token.
        </Text>
      </div>
      {environments.map((environment) => {
        const info = me?.environments.find((e) => e.id === environment.id);
        return (
          <Paper key={environment.id} withBorder p="md" aria-label={environment.name}>
            <Group justify="space-between" align="center">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>{environment.name}</Text>
                  {environment.production && <Badge color="red.9">production</Badge>}
                  {environment.sandbox && <Badge color="teal" variant="light">sandbox</Badge>}
                  {environment.id === active.id && <Badge variant="outline">in use</Badge>}
                </Group>
                <Text size="sm" c="dimmed">
                  Your role: {info?.role ?? 'none'}
                  {info?.approvalThreshold != null ? ` · refunds over ${info.approvalThreshold} need approval` : ''}
                </Text>
              </Stack>
              {environment.id !== active.id && (
                <Button variant="light" onClick={() => environmentStore.activate(environment.id)}>
                  Use {environment.name}
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
