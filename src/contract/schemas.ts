import { z } from 'zod';
import { amount, answeredAmount, charCount, httpUrl, optionalText, requiredText, vat } from './fields.ts';
import { ORDER_STATUSES } from './order-shape.ts';

export const SERVICES = ['provider-pay', 'pay-in-three'] as const;
// Plain data in order-shape.ts (no zod: the orders list's first screen reads them); here with the schemas.
export { ORDER_FIELDS, ORDER_STATUSES } from './order-shape.ts';
export const ITEM_TYPES = ['goods', 'shipment', 'payment', 'discount', 'round'] as const;
export const PAYMENT_TYPES = ['wire_transfer', 'card', 'cod', 'other'] as const;
export const CUSTOMER_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'phone_number',
  'street_name',
  'street_number',
  'apartment_number',
  'city',
  'zipcode',
  'country',
  'personal_id',
] as const;

// The refused value is quoted back as DRF does, but cut short: a 1 MB "status" must not come back
// as a 1 MB error message (in the response, the console's alert and the journal).
const MAX_QUOTED = 40;
function quoted(input: unknown): string {
  const text = JSON.stringify(input) ?? String(input);
  return text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;
}

function choice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined ? 'This field is required' : `${quoted(issue.input)} is not a valid choice (one of: ${values.join(', ')})`,
  });
}

export const serviceSchema = choice(SERVICES);
export const orderStatusSchema = choice(ORDER_STATUSES);
export const itemTypeSchema = choice(ITEM_TYPES);
export const paymentTypeSchema = choice(PAYMENT_TYPES);

const wholeNumber = (what: string) =>
  z.int({
    error: (issue) => (issue.input === undefined ? `${what} is required` : 'Must be a whole number'),
  });

/** zod's calendar check, built once: building it per value showed in the create form's validation of 50 transactions. */
const isoDate = z.iso.date();

/** A real calendar date written YYYY-MM-DD (D5: 2026-02-30 is not one). */
export const calendarDateSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Date is required' : 'Must be text') })
  .refine((v) => /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(v), { error: 'Use the format YYYY-MM-DD', abort: true })
  .refine((v) => isoDate.safeParse(v).success && !v.startsWith('0000'), {
    error: 'Not a real calendar date',
  })
  .meta({ format: 'date' });

// 2.2.1
export const orderDataSchema = z.object({
  eshop_external_id: requiredText('E-shop ID', 36),
  amount: amount('Order amount'),
});

// 2.2.2
export const transactionHistoryItemSchema = z.object({
  date: calendarDateSchema,
  transaction_id: requiredText('Transaction ID'),
  eshop_external_id: requiredText('E-shop ID', 36),
  amount: amount('Amount'),
  mcc: wholeNumber('MCC').optional(),
  is_canceled: z.boolean({
    error: (issue) => (issue.input === undefined ? 'Cancelled is required' : 'Must be true or false'),
  }),
  payment_type: paymentTypeSchema,
});

// 2.2.3: members are named but their rules are not shown (D5: every member an optional string).
export const customerDataSchema = z.object(
  Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, optionalText()])) as Record<
    (typeof CUSTOMER_FIELDS)[number],
    ReturnType<typeof optionalText>
  >,
  { error: (issue) => (issue.input === undefined ? 'Customer data is required' : 'Must be an object') },
);

// 2.2.4
export const itemSchema = z.object({
  name: requiredText('Name', 255),
  product_id: optionalText(255),
  quantity: wholeNumber('Quantity').min(1, { error: 'At least 1' }),
  amount: amount('Amount'),
  vat: vat('VAT').optional(),
  type: itemTypeSchema,
});

/** Rows a list (items, transaction_history) may have; more is one error about the list. */
export const LIST_MAX_ROWS = 10_000;
/** Invalid rows of one list whose errors are answered; rows after the last of them are not checked. */
export const LIST_MAX_ROW_ERRORS = 20;

const list = <T extends z.ZodType>(element: T) =>
  z
    .array(element, { error: 'Must be a list' })
    .max(LIST_MAX_ROWS, { error: `At most ${LIST_MAX_ROWS} rows` })
    .meta({ description: `At most ${LIST_MAX_ROWS} rows. A 400 names the errors of at most the first ${LIST_MAX_ROW_ERRORS} invalid rows.` });

// 2.2
export const orderCreateRequestSchema = z.object({
  service: serviceSchema.optional(),
  order_external_id: requiredText('Order external ID', 36),
  payment_identifier: optionalText(140),
  return_url: httpUrl('Return URL'),
  order_data: z.object(orderDataSchema.shape, {
    error: (issue) => (issue.input === undefined ? 'Order data is required' : 'Must be an object'),
  }),
  transaction_history: list(transactionHistoryItemSchema).optional(),
  customer_data: customerDataSchema,
  items: list(itemSchema).optional(),
});

// 2.3
export const refundRequestSchema = z.object({
  amount: amount('Refund amount'),
  destination_account_number: requiredText('Destination account number', 34),
  payment_identifier: requiredText('Payment identifier', 140),
  external_id: requiredText('External ID', 255),
});

// 2.1: what both operations answer. Parsed by the console (D9) with this schema.
export const orderSchema = z.object({
  id: z.uuid({ error: 'Must be a UUID' }),
  external_id: z
    .string()
    .refine((v) => charCount(v) <= 255, { error: 'At most 255 characters' })
    .meta({ maxLength: 255 }),
  redirect_url: z.string(),
  initial_amount: answeredAmount('Initial amount'),
  current_amount: answeredAmount('Current amount'),
  refund_amount: answeredAmount('Refund amount'),
  date_settled: z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' }),
  status: orderStatusSchema,
  service: serviceSchema,
});

export type Service = z.infer<typeof serviceSchema>;
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export type ItemType = z.infer<typeof itemTypeSchema>;
export type PaymentType = z.infer<typeof paymentTypeSchema>;
export type OrderData = z.infer<typeof orderDataSchema>;
export type TransactionHistoryItem = z.infer<typeof transactionHistoryItemSchema>;
export type CustomerData = z.infer<typeof customerDataSchema>;
export type Item = z.infer<typeof itemSchema>;
export type OrderCreateRequest = z.infer<typeof orderCreateRequestSchema>;
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export type Order = z.infer<typeof orderSchema>;
