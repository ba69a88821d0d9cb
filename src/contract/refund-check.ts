import { compareMoney, subtractMoney } from './money.ts';

/**
 * What a refund whose answer was lost did, judged from the order read again afterwards: the
 * refunded amount before it was sent and now. Used by the refund dialog and the bulk refund runner.
 * - `not-applied`: nothing was refunded meanwhile; sending again with the same identifiers is safe.
 * - `applied`: the refunded amount grew by exactly this refund's amount.
 * - `changed`: it moved by something else (another refund at the same time?): only the order's
 *   history, or a person, can tell.
 * Amounts are decimal strings the contract accepts.
 */
export type LostAnswerVerdict = 'not-applied' | 'applied' | 'changed';

export function lostAnswerVerdict(refundedBefore: string, refundedNow: string, amount: string): LostAnswerVerdict {
  const added = subtractMoney(refundedNow, refundedBefore);
  if (compareMoney(added, '0') === 0) return 'not-applied';
  if (compareMoney(added, amount) === 0) return 'applied';
  return 'changed';
}
