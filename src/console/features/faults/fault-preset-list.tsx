import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { FaultPreset } from './fault-presets.ts';
import { FAULT_PRESETS } from './fault-presets.ts';

interface Props {
  /** The preset being armed. */
  arming: string | null;
  onArm: (preset: FaultPreset) => void;
}

/** One click arms a rule for a failure a partner meets in real life. */
export function FaultPresetList({ arming, onArm }: Props) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="fault-presets-title">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4" id="fault-presets-title">
            Presets
          </Title>
          <Text size="sm" c="dimmed">
            One click arms the rule for this token; then do the thing in the console and watch how it copes.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FAULT_PRESETS.map((preset) => (
            <Paper key={preset.id} withBorder radius="sm" p="sm">
              <Stack gap={6} h="100%" justify="space-between">
                <div>
                  <Text fw={600} size="sm">
                    {preset.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {preset.hint}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconBolt size={14} />}
                  onClick={() => onArm(preset)}
                  loading={arming === preset.id}
                  disabled={arming !== null && arming !== preset.id}
                  aria-label={`Arm: ${preset.title}`}
                  style={{ alignSelf: 'flex-start' }}
                >
                  Arm
                </Button>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
