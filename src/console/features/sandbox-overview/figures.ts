import { formatMoney } from '../../../contract/money.ts';

// The overview's figures grow past a thousand quickly in a shared sandbox: grouped, they read at a
// glance. Amounts are grouped as text, never through a float.

const countFormat = new Intl.NumberFormat('en');

/** `12345` as `12,345`. */
export function groupedCount(count: number): string {
  return countFormat.format(count);
}

/** A sum of amounts: any number of integer digits (a sum outgrows the 8 of one amount). */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** `1234567.5` as `1,234,567.50`; anything that is not a decimal exactly as the service sent it (D9). */
export function groupedAmount(text: string): string {
  if (!DECIMAL.test(text)) return text;
  const formatted = formatMoney(text);
  const negative = formatted.startsWith('-');
  const [whole = '', fraction] = (negative ? formatted.slice(1) : formatted).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
