import { z } from 'zod';
import { optionalText } from './fields.ts';

// docs/decisions.md D17: a reason on every refund in team mode, one of a short list or "Other" with a
// note. Kept in the audit and on an approval request; the console's refund dialog offers the same list.

export const REFUND_REASONS = ['Customer request', 'Duplicate payment', 'Goods not delivered', 'Goods returned', 'Fraud', 'Other'] as const;
export const refundReasonSchema = z.enum(REFUND_REASONS, { error: `Choose a reason: ${REFUND_REASONS.join(', ')}` });
export type RefundReason = z.infer<typeof refundReasonSchema>;

export const OTHER_REASON_NOTE_MESSAGE = 'Say what the reason is (required with "Other").';

/** `reason` and, with "Other" (or whenever given), `reason_note`. */
export const refundReasonFields = {
  reason: refundReasonSchema,
  reason_note: optionalText(500),
};

/** Adds the "Other needs a note" rule to an object holding refundReasonFields. */
export function requireNoteForOther<T extends { reason: RefundReason; reason_note?: string | undefined }>(value: T, ctx: z.RefinementCtx): void {
  if (value.reason === 'Other' && (value.reason_note ?? '') === '') ctx.addIssue({ code: 'custom', path: ['reason_note'], message: OTHER_REASON_NOTE_MESSAGE });
}
