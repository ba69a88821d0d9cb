import { Button, Group, Paper } from '@mantine/core';
import { IconEraser, IconEye, IconFileImport, IconSend, IconSparkles } from '@tabler/icons-react';

interface Props {
  pending: boolean;
  /** Create order: a button that calls this, not a submit button (the form is a FormRegion). */
  onSubmit: () => void;
  onSample: () => void;
  onImport: () => void;
  onPreview: () => void;
  onClear: () => void;
}

/** Stays at the bottom of the window, so Create order is one click away in a 200-row form. */
export function ActionBar({ pending, onSubmit, onSample, onImport, onPreview, onClear }: Props) {
  return (
    <Paper
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      pos="sticky"
      bottom="var(--mantine-spacing-sm)"
      style={{ zIndex: 3 }}
      role="toolbar"
      aria-label="Form actions"
    >
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <Button variant="default" leftSection={<IconSparkles size={16} />} onClick={onSample} disabled={pending}>
            Fill with sample data
          </Button>
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={onImport} disabled={pending}>
            Import JSON
          </Button>
          <Button variant="default" leftSection={<IconEye size={16} />} onClick={onPreview}>
            Request preview
          </Button>
          <Button variant="subtle" color="red" leftSection={<IconEraser size={16} />} onClick={onClear} disabled={pending}>
            Clear form
          </Button>
        </Group>
        <Button onClick={onSubmit} leftSection={<IconSend size={16} />} loading={pending} disabled={pending}>
          Create order
        </Button>
      </Group>
    </Paper>
  );
}
