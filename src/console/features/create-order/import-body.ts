import { CUSTOMER_FIELDS } from '../../../contract/schemas.ts';
import type { CreateOrderFormValues, CustomerField, ItemValues, TransactionValues } from './form-values.ts';
import { emptyCustomer, emptyFormValues, ITEM_FIELDS, TRANSACTION_FIELDS } from './form-values.ts';

// "Import JSON": a request body someone pasted (from a ticket, a log, another tool) back into the
// form. Lenient on purpose: whatever can be shown is shown, numbers become text, and everything
// that could not be carried over is listed, so the form's own validation can then say what is wrong.

export type ImportResult = { ok: true; values: CreateOrderFormValues; notes: string[] } | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const TOP_KEYS = ['service', 'order_external_id', 'payment_identifier', 'return_url', 'order_data', 'transaction_history', 'customer_data', 'items'];
const ORDER_DATA_KEYS = ['eshop_external_id', 'amount'];

class Reader {
  readonly notes: string[] = [];

  /** Text for an input: strings as they are, numbers and booleans written out, anything else left empty. */
  text(source: Record<string, unknown>, key: string, path: string): string {
    const value = source[key];
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') {
      // D5: quantity and mcc are JSON integers. The form sends what it shows as a number, so text
      // here is turned into one: said, like every other change.
      if ((path.endsWith('.quantity') || path.endsWith('.mcc')) && value.trim() !== '') this.notes.push(`${path}: was the text ${JSON.stringify(value)}, sent as a number`);
      return value;
    }
    if (typeof value === 'number' || typeof value === 'boolean') {
      if (!path.endsWith('.quantity') && !path.endsWith('.mcc')) this.notes.push(`${path}: was ${typeof value} ${String(value)}, imported as text`);
      return String(value);
    }
    this.notes.push(`${path}: ${Array.isArray(value) ? 'a list' : 'an object'} where text belongs, left empty`);
    return '';
  }

  ignoreUnknown(source: Record<string, unknown>, known: readonly string[], prefix: string): void {
    for (const key of Object.keys(source)) {
      if (!known.includes(key)) this.notes.push(`${prefix}${key}: not a field of the request, ignored`);
    }
  }

  object(source: Record<string, unknown>, key: string): Record<string, unknown> {
    const value = source[key];
    if (value === undefined || value === null) return {};
    if (isRecord(value)) return value;
    this.notes.push(`${key}: not an object, left empty`);
    return {};
  }

  rows(source: Record<string, unknown>, key: string): Record<string, unknown>[] {
    const value = source[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.notes.push(`${key}: not a list, left empty`);
      return [];
    }
    // A row that is no object becomes an empty row, so later rows keep their numbers.
    return value.map((row: unknown, index) => {
      if (isRecord(row)) return row;
      this.notes.push(`${key}.${index}: not an object, imported as an empty row`);
      return {};
    });
  }
}

/** Parses pasted text into form values. Invalid JSON or a body that is not an object: a message, nothing else. */
export function importRequestBody(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `This is not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isRecord(data)) return { ok: false, message: 'Expected a JSON object: the body of an order creation request.' };

  const read = new Reader();
  read.ignoreUnknown(data, TOP_KEYS, '');
  const orderData = read.object(data, 'order_data');
  read.ignoreUnknown(orderData, ORDER_DATA_KEYS, 'order_data.');
  const customerData = read.object(data, 'customer_data');
  read.ignoreUnknown(customerData, CUSTOMER_FIELDS, 'customer_data.');

  const customer: Record<CustomerField, string> = emptyCustomer();
  for (const field of CUSTOMER_FIELDS) customer[field] = read.text(customerData, field, `customer_data.${field}`);

  const items = read.rows(data, 'items').map((row, index): ItemValues => {
    const path = `items.${index}`;
    read.ignoreUnknown(row, ITEM_FIELDS, `${path}.`);
    return {
      name: read.text(row, 'name', `${path}.name`),
      product_id: read.text(row, 'product_id', `${path}.product_id`),
      quantity: read.text(row, 'quantity', `${path}.quantity`),
      amount: read.text(row, 'amount', `${path}.amount`),
      vat: read.text(row, 'vat', `${path}.vat`),
      type: read.text(row, 'type', `${path}.type`),
    };
  });

  const history = read.rows(data, 'transaction_history').map((row, index): TransactionValues => {
    const path = `transaction_history.${index}`;
    read.ignoreUnknown(row, TRANSACTION_FIELDS, `${path}.`);
    const canceled = row['is_canceled'];
    if (typeof canceled !== 'boolean') read.notes.push(`${path}.is_canceled: ${canceled === undefined ? 'missing' : 'not true or false'}, left unticked`);
    return {
      date: read.text(row, 'date', `${path}.date`),
      transaction_id: read.text(row, 'transaction_id', `${path}.transaction_id`),
      eshop_external_id: read.text(row, 'eshop_external_id', `${path}.eshop_external_id`),
      amount: read.text(row, 'amount', `${path}.amount`),
      mcc: read.text(row, 'mcc', `${path}.mcc`),
      is_canceled: canceled === true,
      payment_type: read.text(row, 'payment_type', `${path}.payment_type`),
    };
  });

  const values: CreateOrderFormValues = {
    ...emptyFormValues(),
    service: read.text(data, 'service', 'service'),
    order_external_id: read.text(data, 'order_external_id', 'order_external_id'),
    payment_identifier: read.text(data, 'payment_identifier', 'payment_identifier'),
    return_url: read.text(data, 'return_url', 'return_url'),
    order_data: { eshop_external_id: read.text(orderData, 'eshop_external_id', 'order_data.eshop_external_id'), amount: read.text(orderData, 'amount', 'order_data.amount') },
    customer_data: customer,
    items,
    transaction_history: history,
  };
  return { ok: true, values, notes: [...read.notes].sort() };
}
