import { dateTimeFormat } from '../../lib/render-settings.ts';

/** Two decimals for a documented amount; anything else exactly as the service sent it (D9). */
export { twoDecimals as displayAmount } from '../../../contract/amount-text.ts';

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The user's locale for a date-time the browser can read, else the raw text. */
export function displayDateTime(text: string): string {
  if (text === '') return '';
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : dateTimeFormat(DATE_TIME).format(date);
}

/** Enough of a UUID to tell orders apart at a glance; the full value stays in the title and copy button. */
export function shortId(id: string): string {
  return id.length > 13 ? `${id.slice(0, 8)}…` : id;
}
