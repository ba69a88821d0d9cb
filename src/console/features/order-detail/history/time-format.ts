import { dateTimeFormat } from '../../../lib/render-settings.ts';

// Event times: the agent's local time on screen, the UTC value beside it (tickets, other teams).

/** `2026-03-01 10:00:00.123 UTC`, or the text as it came when it is not a date. */
export function utcText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}


/** The time in the user's locale and time zone; null when it is not a date. */
export function localText(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}
