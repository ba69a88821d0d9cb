import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Environment } from '../../lib/environments.ts';

interface Props {
  /** The environment to remove; null keeps the dialog closed. */
  environment: Environment | null;
  /** Where the console switches when the active environment goes. */
  nextActive: Environment | null;
  onConfirm: (environment: Environment) => void;
  onCancel: () => void;
}

export function RemoveEnvironmentModal({ environment, nextActive, onConfirm, onCancel }: Props) {
  return (
    <Modal opened={environment !== null} onClose={onCancel} title="Remove environment?" centered>
      {environment !== null && (
        <Stack gap="md">
          <Text size="sm">
            “{environment.name}” and its token are deleted from this browser. Orders on the service are not touched.
          </Text>
          {nextActive !== null && (
            <Text size="sm">
              It is the active environment: the console switches to “{nextActive.name}”.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Keep it
            </Button>
            <Button color="red" onClick={() => onConfirm(environment)}>
              Remove
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
