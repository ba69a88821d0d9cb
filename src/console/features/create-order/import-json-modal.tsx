import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { CreateOrderFormValues } from './form-values.ts';
import { importRequestBody } from './import-body.ts';

interface Props {
  opened: boolean;
  onClose: () => void;
  onImport: (values: CreateOrderFormValues, notes: string[]) => void;
}

export function ImportJsonModal({ opened, onClose, onImport }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import JSON" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && <ImportForm onClose={onClose} onImport={onImport} />}
    </Modal>
  );
}

function ImportForm({ onClose, onImport }: Omit<Props, 'opened'>) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const result = importRequestBody(text);
    if (!result.ok) {
      setProblem(result.message);
      return;
    }
    onImport(result.values, result.notes);
    onClose();
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Paste the JSON body of an order creation request. It replaces what is in the form; fields the request does not know are ignored.
      </Text>
      <Textarea
        label="Request body"
        description="JSON object, as sent to POST /psp/v2/order/"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setProblem(null);
        }}
        rows={14}
        resize="vertical"
        ff="monospace"
        spellCheck={false}
        data-autofocus
        error={problem !== null}
      />
      {problem !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Nothing was imported">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={text.trim() === ''}>
          Import into the form
        </Button>
      </Group>
    </Stack>
  );
}
