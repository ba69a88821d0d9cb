import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  environmentName: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ClearFormModal({ opened, environmentName, onCancel, onConfirm }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Clear the form?" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">Everything typed in this form is discarded, and the saved draft for {environmentName} is removed. This cannot be undone.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Keep editing
          </Button>
          <Button color="red" onClick={onConfirm}>
            Discard
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
