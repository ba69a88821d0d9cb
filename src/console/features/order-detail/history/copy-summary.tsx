import { Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconClipboardText } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { SummaryInput } from './summary-text.ts';
import { summaryText } from './summary-text.ts';

/**
 * Copies a plain-text summary for a support ticket. Where the browser refuses the clipboard (a page
 * served over plain http from another host is no secure context), the text opens selected instead.
 */
export function CopySummary(input: Omit<SummaryInput, 'now'>) {
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) clearTimeout(timer.current);
  }, []);

  const copy = async () => {
    const text = summaryText(input);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 2_000);
    } catch {
      setManual(text);
    }
  };

  return (
    <>
      <Button
        size="xs"
        variant="light"
        color={copied ? 'teal' : undefined}
        leftSection={copied ? <IconCheck size={14} /> : <IconClipboardText size={14} />}
        onClick={() => void copy()}
      >
        {copied ? 'Summary copied' : 'Copy summary'}
      </Button>
      <Modal opened={manual !== null} onClose={() => setManual(null)} title="Order summary" size="lg">
        <Stack gap="sm">
          <Text size="sm">The browser did not allow copying. Select the text and copy it (Ctrl+C or ⌘C).</Text>
          <Textarea
            aria-label="Order summary"
            readOnly
            autosize
            minRows={8}
            maxRows={20}
            value={manual ?? ''}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
            onFocus={(event) => event.currentTarget.select()}
            data-autofocus
          />
        </Stack>
      </Modal>
    </>
  );
}
