import { z } from 'zod';
import { AMOUNT_PATTERN, VAT_PATTERN } from './amount-text.ts';
import { isHttpUrl } from './http-url.ts';

// The plain patterns and checks live in amount-text.ts (no zod: the orders list's first screen uses
// them); the contract's modules and the console's forms take them from here with the schemas.
export { AMOUNT_PATTERN, DOCUMENTED_AMOUNT_PATTERN, DOCUMENTED_VAT_PATTERN, isAmountString, isVatString, VAT_PATTERN } from './amount-text.ts';
export { isHttpUrl } from './http-url.ts';

export const BLANK_MESSAGE = 'This field may not be blank.';
export const AMOUNT_MESSAGE =
  'Enter an amount like 120.50: up to 8 digits before the decimal point and 2 after';
export const VAT_MESSAGE = 'Enter a VAT like 21 or 21.50: up to 2 digits before the decimal point and 2 after';

// docs/decisions.md D11: Django REST Framework strips leading and trailing whitespace of a string field
// (CharField's trim_whitespace) and of decimal input before it validates, so " 5" is 5 and spaces
// around a value do not count toward its max length. Python's str.strip() removes the characters
// str.isspace() names, which is not JavaScript's trim(): Python also strips the ASCII separators
// \x1c-\x1f and NEL (\x85), and keeps the byte order mark (\ufeff) that trim() removes.
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const OUTER_SPACE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');

/** `value` without leading and trailing whitespace, as Python's str.strip() (and so DRF) removes it. */
export function stripWhitespace(value: string): string {
  return value.replace(OUTER_SPACE, '');
}

/** Characters as a person (and Python) counts them: code points, not UTF-16 units. */
export function charCount(value: string): number {
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/**
 * A string, stripped (D11) before any rule sees it. `overwrite` keeps the schema a string schema, so
 * the OpenAPI document still publishes its type, pattern and limits (a preprocess would not).
 */
function trimmed(message: (issue: { input: unknown }) => string) {
  return z.string({ error: message }).overwrite(stripWhitespace);
}

function requiredString(fieldLabel: string) {
  return trimmed((issue) => (issue.input === undefined ? `${fieldLabel} is required` : 'Must be text'));
}

function limited(base: z.ZodString, max: number | undefined) {
  const notBlank = base.refine((v) => v.length > 0, { error: BLANK_MESSAGE, abort: true });
  if (max === undefined) return notBlank;
  // Counted in code points, as the service (Python) counts; the metadata publishes the limit in
  // the OpenAPI document, where JSON Schema's maxLength counts code points too.
  return notBlank
    .refine((v) => charCount(v) <= max, { error: `At most ${max} characters` })
    .meta({ maxLength: max });
}

/** A required string: not blank, at most `max` characters when a limit is documented. */
export function requiredText(fieldLabel: string, max?: number) {
  return limited(requiredString(fieldLabel), max);
}

/** An optional string: left out when empty (D5), so a sent "" is blank, not "nothing". */
export function optionalText(max?: number) {
  return limited(trimmed(() => 'Must be text'), max).optional();
}

function decimalString(fieldLabel: string, pattern: RegExp, message: string) {
  return requiredString(fieldLabel)
    .refine((v) => v.length > 0, { error: BLANK_MESSAGE, abort: true })
    .regex(pattern, { error: message });
}

/** The documented amount pattern plus D4's "at least one digit", on the stripped input (D11). */
export function amount(fieldLabel = 'Amount') {
  return decimalString(fieldLabel, AMOUNT_PATTERN, AMOUNT_MESSAGE);
}

/**
 * An amount in a service's answer (D4: the documented form, two decimals). Nothing is stripped: D11
 * is about what a service accepts, and an answer with spaces around an amount differs from the
 * document (D9 shows that as a mismatch).
 */
export function answeredAmount(fieldLabel: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? `${fieldLabel} is required` : 'Must be text') })
    .refine((v) => v.trim().length > 0, { error: BLANK_MESSAGE, abort: true })
    .regex(AMOUNT_PATTERN, { error: AMOUNT_MESSAGE });
}

export function vat(fieldLabel = 'VAT') {
  return decimalString(fieldLabel, VAT_PATTERN, VAT_MESSAGE);
}

/**
 * An absolute http(s) URL of at most `max` characters (without a cap, a 1 MiB URL is stored,
 * answered in every redirect and put in a Location header). 2048 is what every browser and proxy takes.
 */
export function httpUrl(fieldLabel: string, max = URL_MAX_CHARACTERS) {
  return requiredString(fieldLabel)
    .refine((v) => v.length > 0, { error: BLANK_MESSAGE, abort: true })
    .refine((v) => v.length <= max, { error: `At most ${max} characters`, abort: true })
    .refine(isHttpUrl, { error: 'Enter an absolute URL starting with http:// or https://' })
    .meta({ format: 'uri', maxLength: max });
}

export const URL_MAX_CHARACTERS = 2048;
