// docs/decisions.md D16: durations are written `30s`, `15m`, `12h` (CONSOLE_SESSION_IDLE, CONSOLE_SESSION_MAX, CONSOLE_APPROVAL_WINDOW).

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** Milliseconds, or null when `text` is not a whole number (1-99999) followed by s, m or h. */
export function parseDuration(text: string): number | null {
  const match = /^([1-9][0-9]{0,4})(s|m|h)$/.exec(text.trim());
  if (match === null) return null;
  const [, count = '', unit = 's'] = match;
  return Number(count) * UNIT_MS[unit === 'h' ? 'h' : unit === 'm' ? 'm' : 's'];
}

/** A duration in words for a sentence: "24 hours", "90 minutes", "30 seconds". */
export function describeDuration(ms: number): string {
  const [count, unit] = ms % UNIT_MS.h === 0 ? [ms / UNIT_MS.h, 'hour'] : ms % UNIT_MS.m === 0 ? [ms / UNIT_MS.m, 'minute'] : [Math.round(ms / UNIT_MS.s), 'second'];
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
