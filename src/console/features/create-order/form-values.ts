import type { Control, FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { CUSTOMER_FIELDS } from '../../../contract/schemas.ts';
import type { OrderCreateRequest } from '../../../contract/schemas.ts';
import { normalizeDecimalInput } from '../../lib/decimal-input.ts';

// The form holds text, as inputs do; toRequestBody turns it into the request body of 2.2. Keeping
// quantity and mcc as text lets the schema say "Must be a whole number" for "1.5" instead of the
// input silently dropping it.

export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export type ItemValues = {
  name: string;
  product_id: string;
  quantity: string;
  amount: string;
  vat: string;
  type: string;
};

export type TransactionValues = {
  date: string;
  transaction_id: string;
  eshop_external_id: string;
  amount: string;
  mcc: string;
  is_canceled: boolean;
  payment_type: string;
};

export type CreateOrderFormValues = {
  service: string;
  order_external_id: string;
  payment_identifier: string;
  return_url: string;
  order_data: { eshop_external_id: string; amount: string };
  customer_data: Record<CustomerField, string>;
  items: ItemValues[];
  transaction_history: TransactionValues[];
};

/** The form's control: values are text, the resolver hands submit the request body. */
export type CreateOrderControl = Control<CreateOrderFormValues, unknown, OrderCreateRequest>;

export const ITEM_FIELDS = ['name', 'product_id', 'quantity', 'amount', 'vat', 'type'] as const satisfies readonly (keyof ItemValues)[];
export const TRANSACTION_FIELDS = [
  'date',
  'transaction_id',
  'eshop_external_id',
  'amount',
  'mcc',
  'is_canceled',
  'payment_type',
] as const satisfies readonly (keyof TransactionValues)[];

export function emptyItem(): ItemValues {
  return { name: '', product_id: '', quantity: '1', amount: '', vat: '', type: 'goods' };
}

export function emptyTransaction(): TransactionValues {
  return { date: '', transaction_id: '', eshop_external_id: '', amount: '', mcc: '', is_canceled: false, payment_type: '' };
}

export function emptyCustomer(): Record<CustomerField, string> {
  return { email: '', first_name: '', last_name: '', phone_number: '', street_name: '', street_number: '', apartment_number: '', city: '', zipcode: '', country: '', personal_id: '' };
}

export function emptyFormValues(): CreateOrderFormValues {
  return {
    service: '',
    order_external_id: '',
    payment_identifier: '',
    return_url: '',
    order_data: { eshop_external_id: '', amount: '' },
    customer_data: emptyCustomer(),
    items: [],
    transaction_history: [],
  };
}

/** What toRequestBody produces: the request of 2.2, except that a value the schema will reject may still be text. */
export type RequestBodyDraft = {
  service?: string;
  order_external_id: string;
  payment_identifier?: string;
  return_url: string;
  order_data: { eshop_external_id: string; amount: string };
  transaction_history?: TransactionDraft[];
  customer_data: Partial<Record<CustomerField, string>>;
  items?: ItemDraft[];
};

export type ItemDraft = { name: string; product_id?: string; quantity?: number | string; amount: string; vat?: string; type?: string };
export type TransactionDraft = {
  date?: string;
  transaction_id: string;
  eshop_external_id: string;
  amount: string;
  mcc?: number | string;
  is_canceled: boolean;
  payment_type?: string;
};

const isEmpty = (value: string) => value.trim() === '';

/** Whole-number text becomes a JSON number; anything else stays text so the schema names the problem. */
function wholeNumber(value: string): number | string | undefined {
  if (isEmpty(value)) return undefined;
  const trimmed = value.trim();
  return /^-?[0-9]+$/.test(trimmed) ? Number(trimmed) : value;
}

/** `{key: value}` when there is a value, `{}` otherwise: optional fields are left out, never sent as "" (D5). */
function present<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  const out: { [P in K]?: V } = {};
  if (value !== undefined) out[key] = value;
  return out;
}

const optionalText = (value: string) => (isEmpty(value) ? undefined : value);

// Amounts go to the schema as they will be sent: a decimal comma is a dot (D11), so "1,50" is valid
// while the person is still in the field, before the input shows the dot. The schema strips the
// rest (D11: outer whitespace of every string), as the service does.
const decimal = normalizeDecimalInput;

/** The body's `customer_data`: members left empty are left out. */
export function customerBody(customer: Record<CustomerField, string>): Partial<Record<CustomerField, string>> {
  const out: Partial<Record<CustomerField, string>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = optionalText(customer[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** One element of the body's `items`. */
export function itemBody(item: ItemValues): ItemDraft {
  return {
    name: item.name,
    ...present('product_id', optionalText(item.product_id)),
    ...present('quantity', wholeNumber(item.quantity)),
    amount: decimal(item.amount),
    ...present('vat', optionalText(decimal(item.vat))),
    ...present('type', optionalText(item.type)),
  };
}

/** One element of the body's `transaction_history`. */
export function transactionBody(row: TransactionValues): TransactionDraft {
  return {
    ...present('date', optionalText(row.date)),
    transaction_id: row.transaction_id,
    eshop_external_id: row.eshop_external_id,
    amount: decimal(row.amount),
    ...present('mcc', wholeNumber(row.mcc)),
    is_canceled: row.is_canceled,
    ...present('payment_type', optionalText(row.payment_type)),
  };
}

/** The body's `order_data`. */
export function orderDataBody(values: CreateOrderFormValues): RequestBodyDraft['order_data'] {
  return { eshop_external_id: values.order_data.eshop_external_id, amount: decimal(values.order_data.amount) };
}

/** The body's members outside `order_data`, `customer_data` and the two lists. */
export function topLevelBody(values: CreateOrderFormValues): Pick<RequestBodyDraft, 'service' | 'order_external_id' | 'payment_identifier' | 'return_url'> {
  return {
    ...present('service', optionalText(values.service)),
    order_external_id: values.order_external_id,
    ...present('payment_identifier', optionalText(values.payment_identifier)),
    return_url: values.return_url,
  };
}

/**
 * The request body for the current form values. Pure. Required text is kept as typed (an empty one
 * then reads "may not be blank"); an unchosen select or date is left out, so it reads "required".
 * Built from the per-part functions above, which the form's scoped validation uses too.
 */
export function toRequestBody(values: CreateOrderFormValues): RequestBodyDraft {
  const { service, order_external_id, payment_identifier, return_url } = topLevelBody(values);
  const items = values.items.map(itemBody);
  const history = values.transaction_history.map(transactionBody);
  // Keys in the document's order (2.2), so the preview reads like the interface.
  return {
    ...present('service', service),
    order_external_id,
    ...present('payment_identifier', payment_identifier),
    return_url,
    order_data: orderDataBody(values),
    ...(history.length > 0 ? { transaction_history: history } : {}),
    customer_data: customerBody(values.customer_data),
    ...(items.length > 0 ? { items } : {}),
  };
}

const TOP_FIELDS = new Set(['service', 'order_external_id', 'payment_identifier', 'return_url', 'order_data.eshop_external_id', 'order_data.amount']);
const CUSTOMER_PATHS = new Set(CUSTOMER_FIELDS.map((f) => `customer_data.${f}`));
const ROW_PATH = /^(items|transaction_history)\.([0-9]+)\.([a-z_]+)$/;

/**
 * A type guard for applyServerErrors: true when `path` names an input the form shows right now
 * (row errors only for rows that exist).
 */
export function formFieldGuard(rowCounts: () => { items: number; transaction_history: number }) {
  return (path: string): path is FieldPath<CreateOrderFormValues> => {
    if (TOP_FIELDS.has(path) || CUSTOMER_PATHS.has(path)) return true;
    const match = ROW_PATH.exec(path);
    if (match === null) return false;
    const [, list, index, field] = match;
    if (list === undefined || index === undefined || field === undefined) return false;
    const fields: readonly string[] = list === 'items' ? ITEM_FIELDS : TRANSACTION_FIELDS;
    return fields.includes(field) && Number(index) < rowCounts()[list === 'items' ? 'items' : 'transaction_history'];
  };
}

// Drafts come back from sessionStorage, which anything could have written: parse, never trust.
const text = z.string().catch('');
const draftSchema = z.object({
  service: text,
  order_external_id: text,
  payment_identifier: text,
  return_url: text,
  order_data: z.object({ eshop_external_id: text, amount: text }).catch({ eshop_external_id: '', amount: '' }),
  customer_data: z.object(Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, text])) as Record<CustomerField, typeof text>).catch(emptyCustomer),
  items: z.array(z.object({ name: text, product_id: text, quantity: text, amount: text, vat: text, type: text })).catch([]),
  transaction_history: z
    .array(
      z.object({
        date: text,
        transaction_id: text,
        eshop_external_id: text,
        amount: text,
        mcc: text,
        is_canceled: z.boolean().catch(false),
        payment_type: text,
      }),
    )
    .catch([]),
});

/** Form values from something stored earlier, or null when it is not a draft of this form. */
export function parseFormValues(data: unknown): CreateOrderFormValues | null {
  const parsed = draftSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
