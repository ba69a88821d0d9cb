import { isAmountString } from '../../../contract/amount-text.ts';
import { compareMoney, parseMoney } from '../../../contract/money.ts';
import { dateTimeFormat } from '../../lib/render-settings.ts';

/** Shows an amount with two decimals, or the raw text when the service sent something else (D9). */
export { twoDecimals as displayAmount } from '../../../contract/amount-text.ts';

/**
 * How much of the initial amount has been refunded, as a percentage string with one decimal
 * ("8.3"), computed exactly; null when the amounts cannot be read or the initial amount is not positive.
 */
export function refundedPercent(refundAmount: string, initialAmount: string): string | null {
  if (!isAmountString(refundAmount) || !isAmountString(initialAmount)) return null;
  if (compareMoney(initialAmount, '0') <= 0) return null;
  if (compareMoney(refundAmount, '0') <= 0) return '0.0';
  if (compareMoney(refundAmount, initialAmount) >= 0) return '100.0';
  const percent = parseMoney(refundAmount).times(parseMoney('100')).div(parseMoney(initialAmount)).toFixed(1);
  // Rounding must not claim a state the order is not in: a cent refunded is not 0 %, a cent left is not 100 %.
  if (percent === '0.0') return '0.1';
  if (percent === '100.0') return '99.9';
  return percent;
}

/** An ISO date-time in the user's locale, or null when it is not a date. */
export function formatDateTime(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
];

/**
 * "5 minutes ago", "12 seconds ago", "yesterday", "now": what Intl.RelativeTimeFormat('en', { numeric:
 * 'auto' }) says, in English like the sentences it ends ("Updated …", "Last received …"), which a
 * browser's own locale would have made "Updated před 5 minutami". Written out rather than asked of
 * Intl: the first RelativeTimeFormat a page makes loads the locale's data, on a cold order's main
 * thread before its first screen (docs/performance.md, "Dates and Intl").
 */
export function formatAge(milliseconds: number): string {
  const elapsed = Math.max(0, milliseconds);
  for (const [unit, size] of UNITS) {
    if (elapsed < size) continue;
    const count = Math.floor(elapsed / size);
    if (unit === 'day' && count === 1) return 'yesterday';
    return `${String(count).replace(/\B(?=(\d{3})+$)/g, ',')} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'now';
}
