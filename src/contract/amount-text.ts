// The contract's amount and VAT texts as plain patterns, apart from the zod schemas (fields.ts):
// the orders list shows amounts on its first screen, which loads no zod.

// The document's patterns, written with [0-9] instead of \d: Python's \d also matches other
// scripts' digits, which are not amounts.
export const DOCUMENTED_AMOUNT_PATTERN = /^-?[0-9]{0,8}(?:\.[0-9]{0,2})?$/;
export const DOCUMENTED_VAT_PATTERN = /^-?[0-9]{0,2}(?:\.[0-9]{0,2})?$/;
// The same patterns with D4's "at least one digit" folded in, so one regex says it all and the
// OpenAPI document can publish it: digits before the point (then an optional fraction, "1." included),
// or none before it and one or two after (".5").
export const AMOUNT_PATTERN = /^-?(?:[0-9]{1,8}(?:\.[0-9]{0,2})?|\.[0-9]{1,2})$/;
export const VAT_PATTERN = /^-?(?:[0-9]{1,2}(?:\.[0-9]{0,2})?|\.[0-9]{1,2})$/;

const COMMA_DECIMAL = /^-?[0-9]*,[0-9]*$/;

/**
 * D11: a single decimal comma turned into a dot ("1,50" -> "1.50", ",5" -> ".5"), as much of Europe
 * writes amounts. Anything else is left as it is, so its checks say what is wrong with it
 * ("1.000,50" is not guessed at).
 */
export function withDecimalPoint(text: string): string {
  return COMMA_DECIMAL.test(text) ? text.replace(',', '.') : text;
}

/** True when `value` is a decimal string the contract accepts (pattern and at least one digit). */
export function isAmountString(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

export function isVatString(value: string): boolean {
  return VAT_PATTERN.test(value);
}

/**
 * An amount the contract accepts (isAmountString: at most two decimals) with exactly two decimals, as
 * formatMoney writes it ("7.5" → "7.50", ".5" → "0.50", "007" → "7.00", "-0" → "0.00"), by moving
 * its digits only: nothing is rounded, because nothing needs to be, and big.js stays off the list's
 * first screen. Anything else comes back as it was given.
 */
export function twoDecimals(text: string): string {
  if (!isAmountString(text)) return text;
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const digits = `${whole.replace(/^0+/, '') || '0'}.${fraction.padEnd(2, '0')}`;
  return negative && digits !== '0.00' ? `-${digits}` : digits;
}
