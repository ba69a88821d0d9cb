import { describe, expect, test } from 'vitest';
import { AMOUNT_MESSAGE, BLANK_MESSAGE, VAT_MESSAGE } from '../../../contract/fields.ts';
import { createOrderFormSchema, formIssues } from './form-schema.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { sampleFormValues } from './sample-data.ts';

type Change = (values: CreateOrderFormValues) => void;

const URL_MESSAGE = 'Enter an absolute URL starting with http:// or https://';

// Each row: one change to valid values, and the one issue it must cause, at the input's own path.
const cases: [string, Change, string, string][] = [
  ['blank external id', (v) => void (v.order_external_id = ''), 'order_external_id', BLANK_MESSAGE],
  ['spaces-only external id', (v) => void (v.order_external_id = '   '), 'order_external_id', BLANK_MESSAGE],
  ['external id of 37', (v) => void (v.order_external_id = 'x'.repeat(37)), 'order_external_id', 'At most 36 characters'],
  ['payment identifier of 141', (v) => void (v.payment_identifier = 'p'.repeat(141)), 'payment_identifier', 'At most 140 characters'],
  ['blank return URL', (v) => void (v.return_url = ''), 'return_url', BLANK_MESSAGE],
  ['javascript: return URL', (v) => void (v.return_url = 'javascript:alert(1)'), 'return_url', URL_MESSAGE],
  ['relative return URL', (v) => void (v.return_url = '/return'), 'return_url', URL_MESSAGE],
  ['unknown service', (v) => void (v.service = 'paypal'), 'service', '"paypal" is not a valid choice (one of: provider-pay, pay-in-three)'],
  ['blank e-shop id', (v) => void (v.order_data.eshop_external_id = ''), 'order_data.eshop_external_id', BLANK_MESSAGE],
  ['e-shop id of 37', (v) => void (v.order_data.eshop_external_id = 'e'.repeat(37)), 'order_data.eshop_external_id', 'At most 36 characters'],
  ['blank order amount', (v) => void (v.order_data.amount = ''), 'order_data.amount', BLANK_MESSAGE],
  ['order amount with 3 decimals', (v) => void (v.order_data.amount = '1.234'), 'order_data.amount', AMOUNT_MESSAGE],
  ['order amount with 9 digits', (v) => void (v.order_data.amount = '123456789'), 'order_data.amount', AMOUNT_MESSAGE],
  ['order amount "-"', (v) => void (v.order_data.amount = '-'), 'order_data.amount', AMOUNT_MESSAGE],
  ['order amount 0 (D4)', (v) => void (v.order_data.amount = '0.00'), 'order_data.amount', 'Must be greater than 0'],
  ['negative order amount (D4)', (v) => void (v.order_data.amount = '-5'), 'order_data.amount', 'Must be greater than 0'],
  ['blank item name', (v) => void (v.items[1]!.name = ' '), 'items.1.name', BLANK_MESSAGE],
  ['item name of 256', (v) => void (v.items[0]!.name = 'n'.repeat(256)), 'items.0.name', 'At most 255 characters'],
  ['product id of 256', (v) => void (v.items[0]!.product_id = 'p'.repeat(256)), 'items.0.product_id', 'At most 255 characters'],
  ['quantity 0', (v) => void (v.items[0]!.quantity = '0'), 'items.0.quantity', 'At least 1'],
  ['quantity 1.5', (v) => void (v.items[0]!.quantity = '1.5'), 'items.0.quantity', 'Must be a whole number'],
  ['quantity empty', (v) => void (v.items[0]!.quantity = ''), 'items.0.quantity', 'Quantity is required'],
  ['item amount with 3 decimals', (v) => void (v.items[2]!.amount = '4.999'), 'items.2.amount', AMOUNT_MESSAGE],
  ['VAT 100', (v) => void (v.items[0]!.vat = '100'), 'items.0.vat', VAT_MESSAGE],
  ['VAT with 3 decimals', (v) => void (v.items[0]!.vat = '21.125'), 'items.0.vat', VAT_MESSAGE],
  ['no item type', (v) => void (v.items[0]!.type = ''), 'items.0.type', 'This field is required'],
  ['unknown item type', (v) => void (v.items[0]!.type = 'gadget'), 'items.0.type', '"gadget" is not a valid choice (one of: goods, shipment, payment, discount, round)'],
  ['no date', (v) => void (v.transaction_history[0]!.date = ''), 'transaction_history.0.date', 'Date is required'],
  ['31 February', (v) => void (v.transaction_history[0]!.date = '2026-02-30'), 'transaction_history.0.date', 'Not a real calendar date'],
  ['date as 15.01.2026', (v) => void (v.transaction_history[0]!.date = '15.01.2026'), 'transaction_history.0.date', 'Use the format YYYY-MM-DD'],
  ['blank transaction id', (v) => void (v.transaction_history[0]!.transaction_id = ''), 'transaction_history.0.transaction_id', BLANK_MESSAGE],
  ['history e-shop id of 37', (v) => void (v.transaction_history[0]!.eshop_external_id = 'e'.repeat(37)), 'transaction_history.0.eshop_external_id', 'At most 36 characters'],
  ['history amount "abc"', (v) => void (v.transaction_history[0]!.amount = 'abc'), 'transaction_history.0.amount', AMOUNT_MESSAGE],
  ['mcc 54.11', (v) => void (v.transaction_history[0]!.mcc = '54.11'), 'transaction_history.0.mcc', 'Must be a whole number'],
  ['no payment type', (v) => void (v.transaction_history[0]!.payment_type = ''), 'transaction_history.0.payment_type', 'This field is required'],
  ['unknown payment type', (v) => void (v.transaction_history[0]!.payment_type = 'cash'), 'transaction_history.0.payment_type', '"cash" is not a valid choice (one of: wire_transfer, card, cod, other)'],
];

describe('form validation messages', () => {
  test('sample values have no issue', () => {
    expect(formIssues(sampleFormValues())).toEqual([]);
  });

  test.each(cases)('%s', (_name, change, path, message) => {
    const values = sampleFormValues();
    change(values);
    expect(formIssues(values)).toEqual([{ path, message }]);
  });

  test.each([
    ['external id of exactly 36', (v: CreateOrderFormValues) => void (v.order_external_id = 'x'.repeat(36))],
    ['payment identifier of exactly 140', (v: CreateOrderFormValues) => void (v.payment_identifier = 'p'.repeat(140))],
    ['largest order amount', (v: CreateOrderFormValues) => void (v.order_data.amount = '99999999.99')],
    ['amount ".5"', (v: CreateOrderFormValues) => void (v.order_data.amount = '.5')],
    ['negative discount line', (v: CreateOrderFormValues) => void (v.items[2] = { ...v.items[2]!, amount: '-4.99', type: 'discount' })],
    ['29 February of a leap year', (v: CreateOrderFormValues) => void (v.transaction_history[0]!.date = '2028-02-29')],
    ['customer member of 256 (the console leaves that limit to the service)', (v: CreateOrderFormValues) => void (v.customer_data.city = 'c'.repeat(256))],
  ])('%s is accepted', (_name, change) => {
    const values = sampleFormValues();
    change(values);
    expect(formIssues(values)).toEqual([]);
  });

  test('submit receives the request body, not the form text', () => {
    const values = sampleFormValues();
    const result = createOrderFormSchema.safeParse(values);
    expect(result.success).toBe(true);
    if (result.success) {
      expect(result.data.items?.[0]?.quantity).toBe(Number(values.items[0]?.quantity));
      expect(result.data).not.toHaveProperty('payment_identifier');
    }
  });
});
