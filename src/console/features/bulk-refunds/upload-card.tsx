import { Alert, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { BULK_EXAMPLE_CSV, BULK_TEMPLATE_CSV } from '../../../bulk/bulk-file.ts';
import { MAX_CSV_ROWS } from '../../../bulk/csv.ts';
import { downloadText } from '../journal/browser-actions.ts';

interface Props {
  onFile: (name: string, text: string) => void;
  error: string | null;
}

export function UploadCard({ onFile, error }: Props) {
  const id = useId();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        {/* A native file input under a visible label: keyboard, screen readers and test tools all reach it. */}
        <Input.Wrapper
          label="Refund file (CSV)"
          labelElement="label"
          id={id}
          description={`Columns order_id, amount (an amount such as 12.50, or full) and reason; optionally destination_account_number. At most ${MAX_CSV_ROWS.toLocaleString('en')} rows.`}
        >
          <input
            id={id}
            name="file"
            type="file"
            accept=".csv,text/csv"
            style={{ display: 'block', marginTop: 'var(--mantine-spacing-xs)' }}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              // The same file chosen again after a fix in a spreadsheet must be read again.
              event.currentTarget.value = '';
              if (file !== undefined) void file.text().then((text) => onFile(file.name, text));
            }}
          />
        </Input.Wrapper>
        <Group gap="sm">
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => downloadText('bulk-refunds-example.csv', BULK_EXAMPLE_CSV, 'text/csv;charset=utf-8')}>
            Download example file
          </Button>
          <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={() => downloadText('bulk-refunds-template.csv', BULK_TEMPLATE_CSV, 'text/csv;charset=utf-8')}>
            Download template
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Nothing is sent until you confirm: every row is first checked against its order as the service has it now.
        </Text>
        {error !== null && (
          <Alert color="red" title="This file cannot be used">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
