import { isAmountString } from '../../../contract/fields.ts';
import type { Money } from '../../../contract/money.ts';
import { compareMoney, formatMoney, multiplyMoney, sumMoney } from '../../../contract/money.ts';
import { normalizeDecimalInput } from '../../lib/decimal-input.ts';

const WHOLE = /^[0-9]+$/;

/**
 * quantity x amount, exact; null while either is not yet a number the contract would take. The
 * amount is read as it will be sent (D11: "12,5" is 12.5, spaces around it do not count).
 */
export function lineTotal(quantity: string | undefined, amount: string | undefined): Money | null {
  const q = quantity?.trim() ?? '';
  const a = amount === undefined ? '' : normalizeDecimalInput(amount);
  if (!WHOLE.test(q) || !isAmountString(a)) return null;
  const n = Number(q);
  return Number.isSafeInteger(n) ? multiplyMoney(a, n) : null;
}

export interface ItemsSummary {
  /** Sum of the lines that can be computed, two decimals. */
  total: string;
  /** Lines left out of the total because their quantity or amount is not valid yet. */
  uncounted: number;
  rows: number;
  /** The order amount when the lines do not add up to it (a warning, not an error). */
  mismatchWith: string | null;
}

// The summary is recomputed on every change under `items` (a keystroke in any of 200 rows); the
// lines themselves rarely change, so their exact products are kept by (quantity, amount) text.
// Money values are immutable (big.js returns new ones), so sharing them is safe.
const LINE_CACHE_LIMIT = 5_000;
const lineCache = new Map<string, Money | null>();

function cachedLineTotal(quantity: string | undefined, amount: string | undefined): Money | null {
  const key = `${quantity ?? ''}\u0000${amount ?? ''}`;
  const hit = lineCache.get(key);
  if (hit !== undefined) return hit;
  const total = lineTotal(quantity, amount);
  if (lineCache.size >= LINE_CACHE_LIMIT) lineCache.clear();
  lineCache.set(key, total);
  return total;
}

/** Compares the lines with order_data.amount. Only a complete set of lines and a valid amount can disagree. */
export function summariseItems(items: readonly { quantity?: string; amount?: string }[], orderAmount: string): ItemsSummary {
  const totals = items.map((item) => cachedLineTotal(item.quantity, item.amount));
  const order = normalizeDecimalInput(orderAmount);
  const counted = totals.filter((t): t is Money => t !== null);
  const total = sumMoney(counted);
  const uncounted = totals.length - counted.length;
  const comparable = items.length > 0 && uncounted === 0 && isAmountString(order);
  return {
    total: formatMoney(total),
    uncounted,
    rows: items.length,
    mismatchWith: comparable && compareMoney(total, order) !== 0 ? formatMoney(order) : null,
  };
}
