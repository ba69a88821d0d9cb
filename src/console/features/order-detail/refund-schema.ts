import type { FieldPath } from 'react-hook-form';
import { amount, isAmountString } from '../../../contract/fields.ts';
import { formatMoney } from '../../../contract/money.ts';
import { refundAmountProblem } from '../../../contract/rules.ts';
import type { RefundRequest } from '../../../contract/schemas.ts';
import { refundRequestSchema } from '../../../contract/schemas.ts';

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

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
// 252 is the largest multiple of 36 below 256: bytes from 252 up are dropped so every character is equally likely.
const UNBIASED_LIMIT = 252;

/** `length` random uppercase letters and digits, each equally likely. */
function randomCode(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < UNBIASED_LIMIT && out.length < length) out += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return out;
}

/** A fresh refund payment identifier, "RF-" + 20 random uppercase letters and digits. */
export function newPaymentIdentifier(): string {
  return `RF-${randomCode(20)}`;
}

/** A fresh refund external ID, `REFUND-20260122-7KQ4ZD9X`: readable, sortable by day, unique in practice. */
export function newRefundExternalId(now = new Date()): string {
  const day = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `REFUND-${day}-${randomCode(8)}`;
}

export function refundDefaults(currentAmount: string): RefundFormValues {
  return {
    amount: isAmountString(currentAmount) ? formatMoney(currentAmount) : '',
    destination_account_number: '',
    payment_identifier: newPaymentIdentifier(),
    external_id: newRefundExternalId(),
  };
}
