import { z } from 'zod';
import { amount } from '../../../../contract/fields.ts';
import { formatMoney, multiplyMoney, sumMoney } from '../../../../contract/money.ts';
import type { Money } from '../../../../contract/money.ts';
import { CUSTOMER_FIELDS, orderCreateRequestSchema } from '../../../../contract/schemas.ts';
import { checkAgainst } from '../../../lib/api-client.ts';

// What was sent to create the order, for people to read: every value as the text that was sent
// (never reformatted, a value of the wrong type shown as its JSON), and the line totals computed
// exactly where quantity and amount can be read. Checked against the contract's create schema too,
// so a body that differs from the document says how (D9).

/** Any JSON value as the text a person reads: strings as they are, anything else as its JSON. */
const asText = z
  .unknown()
  .optional()
  .transform((v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)));

const rows = <T extends z.ZodType>(row: T) => z.array(row).catch([]);
const objectOrEmpty = z.record(z.string(), z.unknown()).catch({});

const itemSchema = z.object({
  name: asText,
  product_id: asText,
  quantity: z.unknown(),
  amount: z.unknown(),
  vat: asText,
  type: asText,
});

const transactionSchema = z.object({
  date: asText,
  transaction_id: asText,
  eshop_external_id: asText,
  amount: asText,
  mcc: asText,
  is_canceled: asText,
  payment_type: asText,
});

const bodySchema = z.object({
  order_external_id: asText,
  service: asText,
  payment_identifier: asText,
  return_url: asText,
  order_data: z.object({ eshop_external_id: asText, amount: asText }).catch({ eshop_external_id: '', amount: '' }),
  customer_data: objectOrEmpty,
  items: rows(z.unknown()),
  transaction_history: rows(z.unknown()),
});

export interface SentItem {
  name: string;
  productId: string;
  quantity: string;
  amount: string;
  vat: string;
  type: string;
  /** quantity × amount, exact, two decimals; null when either cannot be read. */
  lineTotal: string | null;
}

export interface SentRequest {
  orderExternalId: string;
  /** '' when the field was not sent. */
  service: string;
  paymentIdentifier: string;
  returnUrl: string;
  eshopExternalId: string;
  orderAmount: string;
  /** Sent customer fields with a value, documented ones first. */
  customer: Array<{ field: string; value: string }>;
  items: SentItem[];
  /** The sum of the line totals when every line has one. */
  itemsTotal: string | null;
  transactions: Array<z.infer<typeof transactionSchema>>;
  /** How the body differs from the documented create request (empty when it matches). */
  mismatches: string[];
  /** The body as parsed from JSON. */
  raw: unknown;
}

const quantitySchema = z.int().min(1);
const amountSchema = amount();

function lineTotal(quantity: unknown, value: unknown): Money | null {
  const q = quantitySchema.safeParse(quantity);
  const a = amountSchema.safeParse(value);
  if (!q.success || !a.success || !Number.isSafeInteger(q.data)) return null;
  return multiplyMoney(a.data, q.data);
}

function toItem(raw: unknown): { item: SentItem; total: Money | null } {
  const parsed = itemSchema.safeParse(raw);
  const fields = parsed.success ? parsed.data : { name: '', product_id: '', quantity: undefined, amount: undefined, vat: '', type: '' };
  const total = lineTotal(fields.quantity, fields.amount);
  return {
    item: {
      name: fields.name,
      productId: fields.product_id,
      quantity: asText.parse(fields.quantity),
      amount: asText.parse(fields.amount),
      vat: fields.vat,
      type: fields.type,
      lineTotal: total === null ? null : formatMoney(total),
    },
    total,
  };
}

function customerRows(data: Record<string, unknown>): SentRequest['customer'] {
  const documented: readonly string[] = CUSTOMER_FIELDS;
  const order = [...documented, ...Object.keys(data).filter((key) => !documented.includes(key))];
  return order.flatMap((field) => {
    if (!(field in data)) return [];
    const value = asText.parse(data[field]);
    return value === '' ? [] : [{ field, value }];
  });
}

/** Reads a sent create body; null when it is no JSON object at all. */
export function readSentRequest(data: unknown): SentRequest | null {
  const body = bodySchema.safeParse(data);
  if (!body.success) return null;
  const b = body.data;
  const items = b.items.map(toItem);
  const totals = items.map((i) => i.total);
  const complete = totals.every((t): t is Money => t !== null);
  return {
    orderExternalId: b.order_external_id,
    service: b.service,
    paymentIdentifier: b.payment_identifier,
    returnUrl: b.return_url,
    eshopExternalId: b.order_data.eshop_external_id,
    orderAmount: b.order_data.amount,
    customer: customerRows(b.customer_data),
    items: items.map((i) => i.item),
    itemsTotal: items.length > 0 && complete ? formatMoney(sumMoney(totals)) : null,
    transactions: b.transaction_history.map((raw) => {
      const parsed = transactionSchema.safeParse(raw);
      return parsed.success ? parsed.data : transactionSchema.parse({});
    }),
    mismatches: checkAgainst(orderCreateRequestSchema, data).mismatches,
    raw: data,
  };
}

/** A journal body (text) read the same way; null when it is not JSON (e.g. shortened when kept). */
export function readSentRequestText(text: string): SentRequest | null {
  try {
    return readSentRequest(JSON.parse(text));
  } catch {
    return null;
  }
}
