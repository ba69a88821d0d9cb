import { Accordion, Alert, Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconTestPipe, IconClipboardText, IconTerminal2 } from '@tabler/icons-react';
import type { JournalEntry } from '../../lib/journal.ts';
import { prettyBody } from '../../lib/journal.ts';
import { entryStatus, entryTarget } from './entry-status.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** A poll folded into one entry (lib/journal.ts): how often, and until when. */
function repeatsText(entry: JournalEntry): string {
  const times = (entry.repeats ?? 0) + 1;
  const last = entry.lastAt === undefined ? '' : `, the last at ${timeFormat.format(new Date(entry.lastAt))}`;
  return `Sent ${times} times with the same answer (the page polls while it is open)${last}.`;
}

interface Props {
  /** Already redacted. */
  entry: JournalEntry;
  opened: boolean;
  onCopyCurl: (entry: JournalEntry) => void;
  onCopyPlaywright: (entry: JournalEntry) => void;
  onCopyResponse: (entry: JournalEntry) => void;
}

export function JournalEntryItem({ entry, opened, onCopyCurl, onCopyPlaywright, onCopyResponse }: Props) {
  const status = entryStatus(entry);
  const target = entryTarget(entry);
  return (
    <Accordion.Item value={String(entry.id)} data-testid="journal-entry">
      <Accordion.Control aria-label={`${entry.method} ${target}: ${status.label}`}>
        <Group gap="sm" wrap="nowrap">
          <Badge variant="outline" color="gray" radius="sm" w={58} style={{ flexShrink: 0 }}>
            {entry.method}
          </Badge>
          {/* Up to two lines, broken anywhere (a path has no spaces): a phone still shows the order id. */}
          <Text size="sm" ff="monospace" lineClamp={2} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} title={target}>
            {target}
          </Text>
          <Badge color={status.color} variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
          {(entry.repeats ?? 0) > 0 && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} title={repeatsText(entry)} data-testid="journal-repeats">
              ×{(entry.repeats ?? 0) + 1}
            </Text>
          )}
          <Text size="xs" c="dimmed" w={56} ta="right" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {entry.durationMs === null ? '…' : `${entry.durationMs} ms`}
          </Text>
          <Text size="xs" c="dimmed" visibleFrom="sm" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {timeFormat.format(new Date(entry.startedAt))}
          </Text>
        </Group>
      </Accordion.Control>
      {/* The bodies are pretty-printed only for an open entry: 200 closed ones stay cheap. */}
      <Accordion.Panel>{opened && <EntryDetails entry={entry} onCopyCurl={onCopyCurl} onCopyPlaywright={onCopyPlaywright} onCopyResponse={onCopyResponse} />}</Accordion.Panel>
    </Accordion.Item>
  );
}

function EntryDetails({ entry, onCopyCurl, onCopyPlaywright, onCopyResponse }: Omit<Props, 'opened'>) {
  return (
    <Stack gap="sm">
      <Section title={`URL · ${entry.environmentName} · sent ${timeFormat.format(new Date(entry.startedAt))}`}>{entry.url}</Section>
      {(entry.repeats ?? 0) > 0 && (
        <Text size="sm" c="dimmed">
          {repeatsText(entry)}
        </Text>
      )}
      {Object.keys(entry.requestHeaders).length > 0 && (
        <Section title="Request headers">
          {Object.entries(entry.requestHeaders)
            .map(([name, value]) => `${name}: ${value}`)
            .join('\n')}
        </Section>
      )}
      {entry.requestBody !== null && entry.requestBody !== '' && <Section title="Request body">{prettyBody(entry.requestBody)}</Section>}
      {entry.responseBody === null ? (
        <Text size="sm" c="dimmed">
          {entry.status === null && entry.error === null ? 'Waiting for the answer…' : 'No response body.'}
        </Text>
      ) : (
        <Section title="Response body">{entry.responseBody === '' ? '(empty)' : prettyBody(entry.responseBody)}</Section>
      )}
      {entry.error !== null && (
        <Alert color={entry.error === 'Cancelled' ? 'gray' : 'red'} variant="light" p="xs">
          {entry.error}
        </Alert>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" leftSection={<IconTerminal2 size={14} />} onClick={() => onCopyCurl(entry)}>
          Copy as curl
        </Button>
        <Button size="xs" variant="light" leftSection={<IconTestPipe size={14} />} onClick={() => onCopyPlaywright(entry)}>
          Copy as Playwright
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconClipboardText size={14} />}
          onClick={() => onCopyResponse(entry)}
          disabled={entry.responseBody === null || entry.responseBody === ''}
        >
          Copy response
        </Button>
      </Group>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: string }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Text>
      <Code block tabIndex={0} style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children}
      </Code>
    </div>
  );
}
