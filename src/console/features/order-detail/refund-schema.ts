import { z } from 'zod';
import type { FieldPath } from 'react-hook-form';
import { amount, isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { refundAmountProblem } from '../../../contract/rules.ts';
import type { RefundReason } from '../../../contract/refund-reasons.ts';
import { refundReasonFields, refundReasonSchema, requireNoteForOther } from '../../../contract/refund-reasons.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { refundRequestSchema } from '../../../contract/schemas.ts';
import { newPaymentIdentifier, newRefundExternalId } from '../../../contract/refund-ids.ts';

/** The refund body, and in team mode (D17) its reason: a choice from the list, and a note with "Other". */
export type RefundFormValues = RefundRequest & { reason?: string | undefined; reason_note?: string | undefined };

/** What the team-mode dialog keeps besides the body, to send with it to the approvals route. */
export interface RefundReasonValues {
  reason: RefundReason;
  reason_note?: string | undefined;
}

const REFUND_FIELDS: ReadonlySet<string> = new Set([...refundRequestSchema.keyof().options, 'reason', 'reason_note']);

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

/** Team mode (D17): the same, and a reason from the list, with a note when it is "Other". */
export function teamRefundFormSchema(currentAmount: string) {
  // An empty Note input is "no note" here (the body leaves it out), not the blank string the body refuses.
  return refundFormSchema(currentAmount)
    .extend({ ...refundReasonFields, reason_note: z.union([z.literal(''), refundReasonFields.reason_note]) })
    .superRefine(requireNoteForOther);
}

/** The body actually sent: the amount normalised to two decimals ("10.5" -> "10.50"), exactly. */
export function refundBody(values: RefundFormValues): RefundRequest {
  const { reason: _reason, reason_note: _note, ...body } = values;
  return { ...body, amount: formatMoney(values.amount) };
}

/** The reason the form holds, when it holds one (team mode). */
export function refundReason(values: RefundFormValues): RefundReasonValues | null {
  const reason = refundReasonSchema.safeParse(values.reason);
  if (!reason.success) return null;
  return { reason: reason.data, ...(values.reason_note !== undefined && values.reason_note !== '' && { reason_note: values.reason_note }) };
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
