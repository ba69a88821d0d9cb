import { Accordion, Button, Checkbox, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconTestPipe, IconDownload, IconFileCode, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { buildCurl } from '../../lib/curl.ts';
import { getToken } from '../../lib/environments.ts';
import type { JournalEntry } from '../../lib/journal.ts';
import { JOURNAL_CAPACITY, journal, prettyBody, STORED_BODY_LIMIT } from '../../lib/journal.ts';
import { useEnvironments } from '../../lib/use-environment.ts';
import { CONSOLE_VERSION } from '../scenarios/build-info.ts';
import { copyText, downloadText, journalFilename } from './browser-actions.ts';
import { curlTokenFor } from './curl-token.ts';
import { journalAsHar } from './har.ts';
import { JournalEntryItem } from './journal-entry-item.tsx';
import type { JournalFilter } from './journal-filter.ts';
import { isFiltered, matchesJournalFilter, NO_JOURNAL_FILTER } from './journal-filter.ts';
import { JournalFilters } from './journal-filters.tsx';
import { entryAsPlaywright, sessionAsSpec } from './playwright-code.ts';
import { redactEntry } from './redact.ts';

const TOKEN_SEPARATOR = '\u0000';

export function JournalDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const entries = useSyncExternalStore(journal.subscribe, journal.getSnapshot);
  const { environments, active } = useEnvironments();
  const [includeToken, setIncludeToken] = useState(false);
  const [openIds, setOpenIds] = useState<string[]>([]);

  // Every configured environment's token, not just the active one: entries outlive a switch.
  const tokensKey = environments
    .map((e) => getToken(e.id))
    .filter((t) => t !== '')
    .join(TOKEN_SEPARATOR);
  // Entries are immutable, so each is redacted once per set of tokens (bodies can be large).
  const redacted = useMemo(() => ({ tokens: tokensKey === '' ? [] : tokensKey.split(TOKEN_SEPARATOR), cache: new WeakMap<JournalEntry, JournalEntry>() }), [tokensKey]);
  const shown = useMemo(
    () =>
      entries.map((entry) => {
        const cached = redacted.cache.get(entry);
        if (cached !== undefined) return cached;
        const clean = redactEntry(entry, redacted.tokens);
        redacted.cache.set(entry, clean);
        return clean;
      }),
    [entries, redacted],
  );

  const [filter, setFilter] = useState<JournalFilter>(NO_JOURNAL_FILTER);
  const visible = useMemo(() => (isFiltered(filter) ? shown.filter((entry) => matchesJournalFilter(entry, filter)) : shown), [shown, filter]);

  const close = () => {
    setIncludeToken(false);
    onClose();
  };

  const onCopyCurl = (entry: JournalEntry) => {
    const token = curlTokenFor(entry, environments, getToken);
    const curl = buildCurl({ method: entry.method, url: entry.url, body: entry.requestBody, token: token ?? '', includeToken: includeToken && token !== null });
    void copyText(curl, includeToken && token === null ? 'curl command (token left out: its environment is gone)' : 'curl command');
  };
  const onCopyResponse = (entry: JournalEntry) => void copyText(prettyBody(entry.responseBody), 'Response');
  const onCopyPlaywright = (entry: JournalEntry) => void copyText(entryAsPlaywright(entry), 'Playwright code');
  const onExport = () => downloadText(journalFilename(), JSON.stringify(shown, null, 2), 'application/json');
  // The spec and the HAR hold the calls the filters show (all of them when none is set).
  const onExportSpec = () => {
    const now = new Date();
    downloadText(journalFilename(now, 'spec.ts'), sessionAsSpec(visible, { exportedAt: now, environmentName: active.name }), 'text/typescript');
  };
  const onExportHar = () => downloadText(journalFilename(new Date(), 'har'), JSON.stringify(journalAsHar(visible, CONSOLE_VERSION), null, 2), 'application/json');
  const onClear = () => {
    journal.clear();
    setOpenIds([]);
  };

  return (
    <Drawer opened={opened} onClose={close} title="Request journal" position="right" size="xl">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every call this console makes to the service, newest first. Kept for this tab, across reloads, until the tab is closed: the last{' '}
          {JOURNAL_CAPACITY} calls, and every create and refund however old, a body over {STORED_BODY_LIMIT.toLocaleString('en')} characters shortened in
          the kept copy. A read that gets the same answer again (a page polling) is counted on its entry, not listed again. The token is never
          kept: the headers show it as ****.
        </Text>
        <Group justify="space-between" align="center">
          <Checkbox
            label="Include token in copied curl"
            description="Only “Copy as curl” uses the token, and only while this is ticked. The journal shows, keeps and exports **** either way. Unticked again when the journal closes."
            checked={includeToken}
            onChange={(event) => setIncludeToken(event.currentTarget.checked)}
            maw={360}
          />
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconDownload size={14} />} onClick={onExport} disabled={entries.length === 0}>
              Export JSON
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconTestPipe size={14} />}
              onClick={onExportSpec}
              disabled={visible.length === 0}
              title="A Playwright spec on order-console/testing that replays the calls shown, oldest first"
            >
              Export spec
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconFileCode size={14} />}
              onClick={onExportHar}
              disabled={visible.length === 0}
              title="HAR 1.2 of the calls shown, token masked, for page.routeFromHAR"
            >
              Export HAR
            </Button>
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={onClear} disabled={entries.length === 0}>
              Clear
            </Button>
          </Group>
        </Group>
        {shown.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            No calls yet. Open or create an order and its requests show up here.
          </Text>
        ) : (
          <>
            <JournalFilters filter={filter} onChange={setFilter} />
            <Text size="xs" c="dimmed" aria-live="polite">
              {isFiltered(filter) ? `${visible.length} of ${shown.length} calls` : `${shown.length} ${shown.length === 1 ? 'call' : 'calls'}`}
            </Text>
            {visible.length === 0 && (
              <Text c="dimmed" ta="center" py="md" size="sm">
                No call matches these filters.
              </Text>
            )}
            <Accordion multiple value={openIds} onChange={setOpenIds} variant="separated" radius="md">
              {visible.map((entry) => (
                <JournalEntryItem
                  key={entry.id}
                  entry={entry}
                  opened={openIds.includes(String(entry.id))}
                  onCopyCurl={onCopyCurl}
                  onCopyPlaywright={onCopyPlaywright}
                  onCopyResponse={onCopyResponse}
                />
              ))}
            </Accordion>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
