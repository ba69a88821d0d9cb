import type { FieldPath } from 'react-hook-form';
import { amount, isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { refundAmountProblem } from '../../../contract/rules.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { refundRequestSchema } from '../../../contract/schemas.ts';
import { newPaymentIdentifier, newRefundExternalId } from '../../../contract/refund-ids.ts';

export type RefundFormValues = RefundRequest;

const REFUND_FIELDS: ReadonlySet<string> = new Set(refundRequestSchema.keyof().options);

export function isRefundField(path: string): path is FieldPath<RefundFormValues> {
  return REFUND_FIELDS.has(path);
}

/**
 * The documented refund body plus D4's rule (0 < amount <= current_amount), checked on `amount`
 * itself so its message shows even while other fields are still empty.
 */
export function refundFormSchema(currentAmount: string) {
  return refundRequestSchema.extend({
    amount: amount('Refund amount').superRefine((value, ctx) => {
      // The pattern check above has already reported anything that is not an amount.
      if (!isAmountString(value) || !isAmountString(currentAmount)) return;
      const problem = refundAmountProblem(value, currentAmount);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

/** The body actually sent: the amount normalised to two decimals ("10.5" -> "10.50"), exactly. */
export function refundBody(values: RefundFormValues): RefundRequest {
  return { ...values, amount: formatMoney(values.amount) };
}

// Moved to contract/ so the bulk refund runner generates them the same way; kept importable here.
export { newPaymentIdentifier, newRefundExternalId };

export function refundDefaults(currentAmount: string): RefundFormValues {
  return {
    amount: isAmountString(currentAmount) ? formatMoney(currentAmount) : '',
    destination_account_number: '',
    payment_identifier: newPaymentIdentifier(),
    external_id: newRefundExternalId(),
  };
}
