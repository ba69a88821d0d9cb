// The contract's amount and VAT texts as plain patterns, apart from the zod schemas (fields.ts):
// the orders list shows amounts on its first screen, which loads no zod (issue 27).

// The document's patterns, written with [0-9] instead of \d: Python's \d also matches other
// scripts' digits, which are not amounts.
export const DOCUMENTED_AMOUNT_PATTERN = /^-?[0-9]{0,8}(?:\.[0-9]{0,2})?$/;
export const DOCUMENTED_VAT_PATTERN = /^-?[0-9]{0,2}(?:\.[0-9]{0,2})?$/;
// The same patterns with D4's "at least one digit" folded in, so one regex says it all and the
// OpenAPI document can publish it: digits before the point (then an optional fraction, "1." included),
// or none before it and one or two after (".5").
export const AMOUNT_PATTERN = /^-?(?:[0-9]{1,8}(?:\.[0-9]{0,2})?|\.[0-9]{1,2})$/;
export const VAT_PATTERN = /^-?(?:[0-9]{1,2}(?:\.[0-9]{0,2})?|\.[0-9]{1,2})$/;

/** True when `value` is a decimal string the contract accepts (pattern and at least one digit). */
export function isAmountString(value: string): boolean {
  return AMOUNT_PATTERN.test(value);
}

export function isVatString(value: string): boolean {
  return VAT_PATTERN.test(value);
}
