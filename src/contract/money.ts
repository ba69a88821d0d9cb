import BigJs from 'big.js';

// A private constructor so no other code can change our rounding or strictness settings.
// strict mode makes big.js refuse JavaScript numbers: every amount must arrive as a string.
const Dec = BigJs();
Dec.strict = true;
Dec.DP = 2;
Dec.RM = Dec.roundHalfUp;

export type Money = BigJs;

/** Parses a decimal string (already validated by the contract) into an exact decimal. */
export function parseMoney(value: string): Money {
  return new Dec(value);
}

/** Exactly two decimals, the form the service answers with ("120.00", "-0.50"). */
export function formatMoney(value: Money | string): string {
  const fixed = toMoney(value).toFixed(2);
  // -0.00 is not an amount anyone wants to read. Checked on the rounded text, not the value, because
  // strict mode refuses a number literal in eq(0) and "-0.004" is not zero yet still rounds to it.
  return fixed === '-0.00' ? '0.00' : fixed;
}

export function addMoney(a: Money | string, b: Money | string): Money {
  return toMoney(a).plus(toMoney(b));
}

export function subtractMoney(a: Money | string, b: Money | string): Money {
  return toMoney(a).minus(toMoney(b));
}

export function multiplyMoney(a: Money | string, quantity: number): Money {
  if (!Number.isSafeInteger(quantity)) throw new RangeError('quantity must be a safe integer');
  return toMoney(a).times(new Dec(String(quantity)));
}

/** -1, 0 or 1. */
export function compareMoney(a: Money | string, b: Money | string): -1 | 0 | 1 {
  return toMoney(a).cmp(toMoney(b));
}

export function sumMoney(values: ReadonlyArray<Money | string>): Money {
  return values.reduce<Money>((acc, v) => acc.plus(toMoney(v)), new Dec('0'));
}

function toMoney(value: Money | string): Money {
  return typeof value === 'string' ? parseMoney(value) : value;
}
