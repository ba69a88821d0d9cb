import { addMoney, compareMoney, formatMoney } from '../../contract/money.ts';
import type { Queryable } from '../../db/store-db.ts';
import { describeDuration } from '../durations.ts';
import type { TeamEnvironment } from '../team-config.ts';
import { orderWindowTotal, personDayTotal } from './refund-ledger.ts';

// docs/decisions.md D17 as tightened (docs/security.md): a refund waits for a second person when what the
// order's refunds add up to within CONSOLE_APPROVAL_WINDOW, this one included, would be over the
// environment's approval_threshold ("0.00": every refund), whoever asked for them; or when what this
// person refunded without approval within 24 hours, this one included, would be over the environment's
// approval_daily_limit. Splitting a refund in parts, or among colleagues, adds up the same.

export interface RefundLimits {
  /** CONSOLE_APPROVAL_WINDOW. */
  windowMs: number;
}

export interface Counted {
  /** The order's refunds within the window before this one. */
  orderTotal: string;
  /** The person's refunds without approval within 24 hours before this one. */
  personTotal: string;
}

/** Why a refund (or batch) of `amount` on top of `counted` waits for a second person; none: it may go at once. */
export function approvalReasons(environment: TeamEnvironment, limits: RefundLimits, amount: string, counted: Counted, subject = 'this refund'): string[] {
  const reasons: string[] = [];
  const threshold = environment.approvalThreshold;
  if (threshold !== null) {
    const after = formatMoney(addMoney(counted.orderTotal, amount));
    if (compareMoney(after, threshold) > 0) {
      reasons.push(
        compareMoney(counted.orderTotal, '0') === 0
          ? `${formatMoney(amount)} (${subject}) is over ${environment.name}'s approval threshold of ${formatMoney(threshold)}.`
          : `With ${subject} the order's refunds within ${describeDuration(limits.windowMs)} come to ${after} (${formatMoney(counted.orderTotal)} before it), over ${environment.name}'s approval threshold of ${formatMoney(threshold)}.`,
      );
    }
  }
  const limit = environment.approvalDailyLimit ?? null;
  if (limit !== null) {
    const after = formatMoney(addMoney(counted.personTotal, amount));
    if (compareMoney(after, limit) > 0) {
      reasons.push(`With ${subject} your refunds without approval in ${environment.name} within 24 hours come to ${after}, over the daily limit of ${formatMoney(limit)}.`);
    }
  }
  return reasons;
}

/** The sums a decision about a refund of `orderIds` by `requester` adds to; `except`: its own identifier, decided again. */
export async function countedBefore(db: Queryable, environment: TeamEnvironment, limits: RefundLimits, requester: string, orderId: string, except: string | null = null): Promise<Counted> {
  const orderTotal = environment.approvalThreshold === null ? '0.00' : await orderWindowTotal(db, environment.id, orderId, limits.windowMs, except);
  const personTotal = (environment.approvalDailyLimit ?? null) === null ? '0.00' : await personDayTotal(db, environment.id, requester, except);
  return { orderTotal, personTotal };
}
