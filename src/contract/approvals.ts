import { z } from 'zod';
import { amount, optionalText, requiredText } from './fields.ts';
import { refundReasonFields, requireNoteForOther } from './refund-reasons.ts';

// docs/decisions.md D17: two-person approval of refunds. The shapes the console's server answers and
// takes, parsed on both sides.
//
// States: pending -> withdrawn | rejected | expired | sending;  sending -> sent | failed | unknown;
// unknown -> sent | failed (resolved by reading the order again). A 429 or 503 from the service puts
// a sending request back to pending (the service did nothing; approving again reuses its identifiers).

export const APPROVAL_STATES = ['pending', 'withdrawn', 'rejected', 'expired', 'sending', 'unknown', 'sent', 'failed'] as const;
export const approvalStateSchema = z.enum(APPROVAL_STATES);
export type ApprovalState = z.infer<typeof approvalStateSchema>;

/** States after which nothing more happens. */
export const FINAL_APPROVAL_STATES: readonly ApprovalState[] = ['withdrawn', 'rejected', 'expired', 'sent', 'failed'];

/** What the team-mode refund dialog sends: the refund and its reason (identifiers made by the server when absent). */
export const teamRefundRequestSchema = z
  .object({
    amount: amount('Refund amount'),
    destination_account_number: requiredText('Destination account number', 34),
    payment_identifier: optionalText(140),
    external_id: optionalText(255),
    ...refundReasonFields,
  })
  .superRefine(requireNoteForOther);
export type TeamRefundRequest = z.infer<typeof teamRefundRequestSchema>;

/**
 * What the team-mode refund dialog asks before Confirm (POST …/refunds/preview): the refund it means.
 * The answer (refundPreviewSchema) carries the identifiers the console server made for it, which are
 * the ones sent, and whether it will wait for a second person, and why.
 */
export const refundPreviewRequestSchema = z
  .object({ amount: amount('Refund amount'), destination_account_number: requiredText('Destination account number', 34), ...refundReasonFields })
  .superRefine(requireNoteForOther);
export type RefundPreviewRequest = z.infer<typeof refundPreviewRequestSchema>;

export const refundPreviewSchema = z.object({
  payment_identifier: z.string(),
  external_id: z.string(),
  approval: z.object({ needed: z.boolean(), reasons: z.array(z.string()) }),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const decisionNoteSchema = z.object({ note: optionalText(500) });

/** The service's answer to the refund, as sent (status and parsed body), when there was one. */
export const serviceAnswerSchema = z.object({ status: z.number().int(), body: z.unknown() });

export const approvalSchema = z.object({
  id: z.uuid(),
  environment: z.string(),
  order_id: z.string(),
  amount: z.string(),
  destination_account_number: z.string(),
  payment_identifier: z.string(),
  external_id: z.string(),
  reason: z.string(),
  reason_note: z.string().nullable(),
  requester: z.string(),
  state: approvalStateSchema,
  created_at: z.string(),
  expires_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  answer: serviceAnswerSchema.nullable(),
  resolution: z.string().nullable(),
  updated_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approvalEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string().nullable(),
  kind: z.string(),
  state: approvalStateSchema,
  detail: z.unknown(),
});
export type ApprovalEvent = z.infer<typeof approvalEventSchema>;
