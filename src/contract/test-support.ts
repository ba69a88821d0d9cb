import fc from 'fast-check';
import type { z } from 'zod';
import type { Order, OrderCreateRequest, RefundRequest } from './schemas.ts';

// Valid bodies and small helpers for tests of the contract (and of anything built on it). Each
// factory returns a fresh object, so a test may change what it gets.

export function validCreateBody(): OrderCreateRequest {
  return {
    service: 'provider-pay',
    order_external_id: 'ORD-2026-0001',
    payment_identifier: 'PAY-0001',
    return_url: 'https://shop.example/return',
    order_data: { eshop_external_id: 'ESHOP-1', amount: '120.50' },
    transaction_history: [
      {
        date: '2026-01-15',
        transaction_id: 'T-1',
        eshop_external_id: 'ESHOP-1',
        amount: '99.90',
        mcc: 5411,
        is_canceled: false,
        payment_type: 'card',
      },
    ],
    customer_data: {
      email: 'jana.novak@example.com',
      first_name: 'Jana',
      last_name: 'Novák',
      phone_number: '+420123456789',
      street_name: 'Dlouhá',
      street_number: '12',
      apartment_number: '3',
      city: 'Praha',
      zipcode: '11000',
      country: 'CZ',
      personal_id: '900101/1234',
    },
    items: [
      { name: 'Mug', product_id: 'SKU-1', quantity: 2, amount: '60.25', vat: '21', type: 'goods' },
      { name: 'Shipping', quantity: 1, amount: '0.00', type: 'shipment' },
    ],
  };
}

export function validRefundBody(): RefundRequest {
  return {
    amount: '20.50',
    destination_account_number: 'CZ6508000000192000145399',
    payment_identifier: 'REFUND-0001',
    external_id: 'R-1',
  };
}

export function validOrder(): Order {
  return {
    id: '6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e',
    external_id: 'ORD-2026-0001',
    redirect_url: 'http://127.0.0.1:8080/sandbox/checkout/6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e',
    initial_amount: '120.50',
    current_amount: '120.50',
    refund_amount: '0.00',
    date_settled: '2026-01-15T10:20:30.123456Z',
    status: 'new',
    service: 'provider-pay',
  };
}

/** Pass as the value to `withValue` to leave the key out. */
export const MISSING = Symbol('missing');

/** A deep copy of `base` with the value at the dot path (`items.0.amount`) replaced or removed. */
export function withValue(base: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(base);
  const keys = path.split('.');
  const last = keys.pop();
  let node: unknown = copy;
  for (const key of keys) {
    if (typeof node !== 'object' || node === null || !Reflect.has(node, key)) throw new Error(`${path}: no ${key}`);
    node = Reflect.get(node, key);
  }
  if (last === undefined || typeof node !== 'object' || node === null) throw new Error(`${path}: not a container`);
  if (value === MISSING) Reflect.deleteProperty(node, last);
  else Reflect.set(node, last, value);
  return copy;
}

/** The value at a dotted path (`items.0.name`), undefined when a step is missing. */
export function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, key);
  }
  return node;
}

export interface PathError {
  path: string;
  message: string;
}

/** Every issue of a parse as a dot path and its message; [] when the value is accepted. */
export function errorsOf(schema: z.ZodType, value: unknown): PathError[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Code points, counted without the string iterator the code under test uses. */
export function codePointLength(value: string): number {
  return value.length - (value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) ?? []).length;
}

/** Integer cents from the text of a contract amount ("-.5" is -50n): an oracle sharing nothing with big.js. */
export function centsOf(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '', fraction = ''] = amount.replace(/^-/, '').split('.');
  const value = BigInt(whole === '' ? '0' : whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -value : value;
}

/** Cents back as the service writes an amount: "-0.50". */
export function formatCents(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const digitString = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength });

/** Any amount the contract accepts: "-12.5", ".5", "1.", "00000001.00", "99999999.99". */
export const amountArbitrary = fc
  .tuple(fc.boolean(), digitString(8), fc.option(digitString(2)))
  .map(([negative, whole, fraction]) => `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}`)
  .filter((s) => /\d/.test(s));
