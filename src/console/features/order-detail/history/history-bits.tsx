import { Code, Stack, Text, Tooltip } from '@mantine/core';
import type { TextProps } from '@mantine/core';
import { displayAmount } from '../order-format.ts';
import classes from './history.module.css';
import { localText, utcText } from './time-format.ts';

/** Local time on top, the UTC value under it: both visible, no hover needed. */
export function EventTime({ iso }: { iso: string | null }) {
  if (iso === null) {
    return (
      <Text size="xs" c="dimmed">
        (no time)
      </Text>
    );
  }
  const local = localText(iso);
  return (
    <Stack gap={0} className={classes.time}>
      <Text size="sm" component="time" dateTime={iso}>
        {local ?? iso}
      </Text>
      {local !== null && (
        <Text size="xs" c="dimmed">
          {utcText(iso)}
        </Text>
      )}
    </Stack>
  );
}

/** A table cell's time: local, with the UTC value in a tooltip and the title (keyboard: focusable). */
export function CellTime({ iso }: { iso: string }) {
  const local = localText(iso);
  if (local === null) return <Text size="sm">{iso}</Text>;
  const utc = utcText(iso);
  return (
    <Tooltip label={utc} withArrow>
      <Text size="sm" component="time" dateTime={iso} title={utc} tabIndex={0} style={{ cursor: 'help', whiteSpace: 'nowrap' }}>
        {local}
      </Text>
    </Tooltip>
  );
}

/**
 * An amount as the page shows amounts elsewhere (two decimals when it is one, else as sent);
 * `asSent` keeps the text exactly as a request carried it ("12.5" stays "12.5").
 */
export function Amount({ value, asSent = false, ...props }: { value: string; asSent?: boolean } & TextProps) {
  return (
    <Text component="span" ff="monospace" className={classes.amount} {...props}>
      {value === '' ? '—' : asSent ? value : displayAmount(value)}
    </Text>
  );
}

/** Untrusted JSON, pretty and as text, in a disclosure. */
export function RawJson({ value, summary = 'Raw JSON' }: { value: unknown; summary?: string }) {
  return (
    <details className={classes.details}>
      <summary>{summary}</summary>
      <Code block mt={6} className={classes.raw} tabIndex={0}>
        {JSON.stringify(value, null, 2) ?? String(value)}
      </Code>
    </details>
  );
}
