import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_PATTERN,
  BLANK_MESSAGE,
  VAT_PATTERN,
  amount,
  charCount,
  isAmountString,
  isHttpUrl,
  isVatString,
  optionalText,
  requiredText,
  stripWhitespace,
  vat,
} from './fields.ts';
import { codePointLength } from './test-support.ts';

// The oracles are the document's patterns as written, plus D4's "at least one digit". JavaScript's \d
// is ASCII only, which is what D4 means by a digit.
const DOCUMENTED_AMOUNT = /^-?\d{0,8}(?:\.\d{0,2})?$/;
const DOCUMENTED_VAT = /^-?\d{0,2}(?:\.\d{0,2})?$/;
const hasDigit = (s: string) => /\d/.test(s);

// D11's oracle: Python's str.strip(), from the list of code points for which Python's str.isspace() is
// true (printed by `[hex(c) for c in range(0x110000) if chr(c).isspace()]`).
const PYTHON_SPACE = new Set(
  [0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000].map((c) =>
    String.fromCodePoint(c),
  ),
);
function pythonStrip(s: string): string {
  const units = [...s];
  let start = 0;
  let end = units.length;
  while (start < end && PYTHON_SPACE.has(units[start]!)) start += 1;
  while (end > start && PYTHON_SPACE.has(units[end - 1]!)) end -= 1;
  return units.slice(start, end).join('');
}
const isBlank = (s: string) => pythonStrip(s) === '';
/** Whitespace Python strips, JavaScript's trim() does not, and the reverse (\ufeff). */
const SPACES = ' \t\n\r\u000b\u001c\u001f\u0085\u00a0\u2003\u3000\ufeff';

const chars = (alphabet: string) => fc.constantFrom(...alphabet);
const digits = (maxLength: number) => fc.string({ unit: chars('0123456789'), maxLength });

/** Decimal-looking strings that sit on and around the limits: 0-10 integer digits, 0-4 decimals. */
const nearDecimal = fc
  .tuple(fc.constantFrom('', '-', '+', '--'), digits(10), fc.option(fc.tuple(fc.constantFrom('.', ','), digits(4))))
  .map(([sign, whole, fraction]) => sign + whole + (fraction === null ? '' : fraction.join('')));

const decimalCandidates = fc.oneof(
  nearDecimal,
  fc.string({ unit: chars('0123456789.-'), maxLength: 14 }),
  fc.string({ unit: chars('019.-+eE \u00a0\u0661\u0662\uff11\u0966'), maxLength: 14 }),
  fc.tuple(fc.string({ unit: chars(SPACES), maxLength: 3 }), nearDecimal, fc.string({ unit: chars(SPACES), maxLength: 3 })).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
);

describe.each([
  { label: 'amount', schema: amount(), documented: DOCUMENTED_AMOUNT, is: isAmountString, published: AMOUNT_PATTERN },
  { label: 'vat', schema: vat(), documented: DOCUMENTED_VAT, is: isVatString, published: VAT_PATTERN },
])('$label: accepts exactly the documented pattern with at least one digit, after stripping (D11)', ({ schema, documented, is, published }) => {
  const expected = (s: string) => documented.test(pythonStrip(s)) && hasDigit(pythonStrip(s));

  it('holds for decimal-like, unicode and arbitrary strings', () => {
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(decimalCandidates, (s) => {
        const ok = schema.safeParse(s).success;
        if (ok) accepted += 1;
        else rejected += 1;
        expect(ok).toBe(expected(s));
        expect(is(pythonStrip(s))).toBe(ok);
        expect(published.test(pythonStrip(s))).toBe(ok);
        if (ok) expect(schema.parse(s)).toBe(pythonStrip(s));
      }),
      { numRuns: 5000 },
    );
    // Guards against a generator that only ever produces one side of the boundary.
    expect(accepted).toBeGreaterThan(100);
    expect(rejected).toBeGreaterThan(100);
  });

  it('accepts every string the documented pattern generates, unless it has no digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(documented), (s) => {
        expect(schema.safeParse(s).success).toBe(hasDigit(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('rejects non-strings, never coercing them', () => {
    fc.assert(
      fc.property(
        fc.anything().filter((v) => typeof v !== 'string'),
        (v) => {
          expect(schema.safeParse(v).success).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers a blank string with the blank message', () => {
    fc.assert(
      fc.property(fc.string({ unit: chars(' \t\n\u00a0\u3000'), maxLength: 6 }), (s) => {
        const result = schema.safeParse(s);
        expect(result.error?.issues.map((i) => i.message)).toEqual([BLANK_MESSAGE]);
      }),
      { numRuns: 200 },
    );
  });
});

// Text units around the limits: astral emoji (two UTF-16 units, one code point), a combining accent,
// CJK, several kinds of whitespace, and lone surrogate halves that may pair up when adjacent.
const textUnit = fc.constantFrom('a', 'Z', '7', ' ', '\t', '\u00a0', '\u2028', '😀', '👩', 'é', '\u0301', '中', '\ud83d', '\ude00');

describe.each([34, 36, 140, 255])('text limited to %i characters', (max) => {
  const nearLimit = fc.oneof(
    fc.string({ unit: textUnit, minLength: Math.max(0, max - 3), maxLength: max + 3 }),
    fc.string({ unit: 'binary', maxLength: max + 5 }),
    fc.string({ unit: 'grapheme', minLength: max - 2, maxLength: max + 2 }),
    fc.string({ unit: chars(SPACES), maxLength: max + 2 }),
    fc.tuple(fc.string({ unit: chars(SPACES), maxLength: 4 }), fc.string({ unit: textUnit, minLength: max - 2, maxLength: max + 2 }), fc.string({ unit: chars(SPACES), maxLength: 4 })).map((parts) => parts.join('')),
  );
  const expected = (s: string) => !isBlank(s) && codePointLength(pythonStrip(s)) <= max;

  it.each([
    ['required', requiredText('Field', max)],
    ['optional', optionalText(max)],
  ])('%s: accepts a string iff, stripped (D11), it is not blank and has at most the limit of code points', (_label, schema) => {
    fc.assert(
      fc.property(nearLimit, (s) => {
        const result = schema.safeParse(s);
        expect(result.success).toBe(expected(s));
        if (result.success) expect(result.data).toBe(pythonStrip(s));
      }),
      { numRuns: 1500 },
    );
  });

  it('names the limit when a string is too long', () => {
    const result = requiredText('Field', max).safeParse('😀'.repeat(max + 1));
    expect(result.error?.issues.map((i) => i.message)).toEqual([`At most ${max} characters`]);
  });
});

describe('requiredText and optionalText', () => {
  it('required: a missing value names the field', () => {
    expect(requiredText('Order external ID', 36).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Order external ID is required',
    );
  });
  it('optional: a missing value is fine, "" is blank', () => {
    expect(optionalText(140).safeParse(undefined).success).toBe(true);
    expect(optionalText(140).safeParse('').error?.issues[0]?.message).toBe(BLANK_MESSAGE);
  });
  it('without a limit, long text is accepted', () => {
    expect(requiredText('Transaction ID').safeParse('x'.repeat(10_000)).success).toBe(true);
  });
});

describe('stripWhitespace is Python\'s str.strip() (D11)', () => {
  it('agrees with Python\'s whitespace list on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: chars(`${SPACES}ab`), maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 12 })), (s) => {
        expect(stripWhitespace(s)).toBe(pythonStrip(s));
      }),
      { numRuns: 2000 },
    );
  });
  it.each([
    ['  ORD-1 ', 'ORD-1'],
    ['\u001c x \u0085', 'x'],
    ['\ufeffx', '\ufeffx'],
    ['a b', 'a b'],
  ])('%j -> %j', (value, stripped) => {
    expect(stripWhitespace(value)).toBe(stripped);
  });
});

describe('charCount counts code points, not UTF-16 units or graphemes', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['😀', 1],
    ['😀'.repeat(36), 36],
    ['e\u0301', 2],
    ['👩‍💻', 3],
    ['\ud83d', 1],
    ['\ude00\ud83d', 2],
  ])('%j has %i', (value, n) => {
    expect(charCount(value)).toBe(n);
  });
  it('agrees with an independent count for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: textUnit, maxLength: 40 }), (s) => {
        expect(charCount(s)).toBe(codePointLength(s));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('isHttpUrl: an absolute http or https URL', () => {
  it.each(['http://shop.example', 'https://shop.example/a/b?c=1#d', 'http://127.0.0.1:8080/', 'http://[::1]/', 'HTTPS://X.EXAMPLE'])(
    'accepts %j',
    (value) => {
      expect(isHttpUrl(value)).toBe(true);
    },
  );
  it.each([
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    'data:text/html,hi',
    'ftp://x',
    '//x.com',
    '/relative',
    'relative/path',
    'http:foo',
    'http:/x.com',
    'https://',
    'http://',
    ' http://x.com',
    'http://exa mple.com',
    '',
  ])('rejects %j', (value) => {
    expect(isHttpUrl(value)).toBe(false);
  });
});
