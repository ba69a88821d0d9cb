import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBoltOff, IconTrash } from '@tabler/icons-react';
import type { FaultRule } from '../../../contract/faults.ts';
import { withoutToken } from '../../lib/without-token.ts';
import { describeFault, remainingLabel } from './fault-describe.ts';

interface Props {
  rules: FaultRule[] | undefined;
  loadError: Error | null;
  /** The id being disarmed, or 'all'. */
  disarming: string | null;
  onDisarm: (id: string) => void;
  onDisarmAll: () => void;
  onReload: () => void;
}

/** What the sandbox will do to this token's next calls, and the way to stop it. */
export function ArmedFaults({ rules, loadError, disarming, onDisarm, onDisarmAll, onReload }: Props) {
  const count = rules?.length ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="armed-faults-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h4" id="armed-faults-title">
              Armed
            </Title>
            {rules !== undefined && (
              <Badge color={count > 0 ? 'orange' : 'gray'} variant="light" aria-hidden>
                {count}
              </Badge>
            )}
          </Group>
          {count > 0 && (
            <Button size="xs" color="red" variant="light" leftSection={<IconBoltOff size={14} />} onClick={onDisarmAll} loading={disarming === 'all'}>
              Disarm all
            </Button>
          )}
        </Group>
        {loadError !== null && (
          <Alert color="red" variant="light" title="Could not read the armed rules" role="alert">
            <Text size="sm">{withoutToken(loadError.message)}</Text>
            <Button size="xs" variant="light" mt="xs" onClick={onReload}>
              Try again
            </Button>
          </Alert>
        )}
        {rules === undefined && loadError === null && <Loader size="sm" role="status" aria-label="Reading the armed rules" />}
        {rules !== undefined && count === 0 && (
          <Text size="sm" c="dimmed">
            Nothing armed: the sandbox answers this token&apos;s calls as usual.
          </Text>
        )}
        {rules !== undefined && count > 0 && (
          <Stack gap="xs" component="ul" aria-label="Armed faults" m={0} p={0} style={{ listStyle: 'none' }}>
            {rules.map((rule) => {
              const description = describeFault(rule);
              return (
                <Paper component="li" key={rule.id} withBorder radius="sm" p="xs" data-fault-id={rule.id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    <Stack gap={2} miw={0}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {remainingLabel(rule)}
                      </Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => onDisarm(rule.id)}
                      loading={disarming === rule.id}
                      aria-label={`Disarm: ${description}`}
                      style={{ flexShrink: 0 }}
                    >
                      Disarm
                    </Button>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
