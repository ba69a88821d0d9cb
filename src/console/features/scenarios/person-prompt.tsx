import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconUserExclamation } from '@tabler/icons-react';
import type { PersonPrompt } from '../../../scenarios/scenario.ts';
import { safeLink } from '../../../scenarios/flows.ts';

/** A step the customer or the provider must do by hand (D14): the link to open, then Continue. */
export function PersonPromptAlert({ prompt, onAnswer }: { prompt: PersonPrompt; onAnswer: (answer: 'done' | 'skip') => void }) {
  // The runner checked it already; a link is checked again where it becomes one.
  const link = prompt.link === null ? null : safeLink(prompt.link);
  return (
    <Alert color="yellow" variant="light" icon={<IconUserExclamation size={20} />} title={`${prompt.scenarioId} needs a person`} role="alert">
      <Stack gap="xs">
        <Text size="sm">{prompt.instruction}</Text>
        {link !== null && (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            <IconExternalLink size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            {link}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          The run waits here. Continue once it is done; the scenario then checks the order.
        </Text>
        <Group gap="sm">
          <Button size="xs" onClick={() => onAnswer('done')}>
            Continue
          </Button>
          <Button size="xs" variant="default" onClick={() => onAnswer('skip')}>
            Skip this scenario
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
