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

/** A reason and its note, as a refund carries them. */
export interface ReasonWithNote {
  reason: RefundReason;
  note: string | undefined;
}

const OTHER = 'Other';

/**
 * A reason written as text in one cell (a bulk refund file, a bulk plan's row), by the rule the
 * refund dialog follows: one of the list (any letter case), or "Other" with a note. "Other: <note>"
 * says both; any other text is read as Other with that text as its note, so a file's own words are
 * kept and nothing outside the list passes as a listed reason. Null: empty, or "Other" with no note.
 */
export function readReasonText(text: string): ReasonWithNote | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const listed = REFUND_REASONS.find((reason) => reason.toLowerCase() === trimmed.toLowerCase());
  if (listed !== undefined) return listed === OTHER ? null : { reason: listed, note: undefined };
  const other = /^other\s*[:\-–—]\s*(.*)$/is.exec(trimmed);
  const note = (other === null ? trimmed : (other[1] ?? '')).trim();
  return note === '' ? null : { reason: OTHER, note };
}

/** The one text readReasonText reads back: a listed reason, or "Other: <note>" (a file's rows carry a note only with Other). */
export function reasonText({ reason, note }: ReasonWithNote): string {
  return reason === OTHER ? `${OTHER}: ${note ?? ''}` : reason;
}

/** Adds the "Other needs a note" rule to an object holding refundReasonFields. */
export function requireNoteForOther<T extends { reason: RefundReason; reason_note?: string | undefined }>(value: T, ctx: z.RefinementCtx): void {
  if (value.reason === 'Other' && (value.reason_note ?? '') === '') ctx.addIssue({ code: 'custom', path: ['reason_note'], message: OTHER_REASON_NOTE_MESSAGE });
}
