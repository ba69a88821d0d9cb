import { zodResolver } from '@hookform/resolvers/zod';
import fc from 'fast-check';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { get, set } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { CUSTOMER_FIELDS } from '../../../contract/schemas.ts';
import { bodyMember, createOrderResolver } from './form-resolver.ts';
import { createOrderFormSchema } from './form-schema.ts';
import type { CreateOrderFormValues, ItemValues, TransactionValues } from './form-values.ts';
import { emptyFormValues, ITEM_FIELDS, TRANSACTION_FIELDS } from './form-values.ts';
import { sampleFormValues } from './sample-data.ts';

// The scoped resolver must put exactly the error the whole-body resolver puts at the field it is
// asked about, on any values: compared here on generated forms, field by field.

const wholeBody = zodResolver(createOrderFormSchema);

function fieldNames(values: CreateOrderFormValues): string[] {
  return [
    'service',
    'order_external_id',
    'payment_identifier',
    'return_url',
    'order_data.eshop_external_id',
    'order_data.amount',
    ...CUSTOMER_FIELDS.map((f) => `customer_data.${f}`),
    ...values.items.flatMap((_, i) => ITEM_FIELDS.map((f) => `items.${i}.${f}`)),
    ...values.transaction_history.flatMap((_, i) => TRANSACTION_FIELDS.map((f) => `transaction_history.${i}.${f}`)),
  ];
}

/** What react-hook-form hands a resolver: the names asked about and their fields (refs included). */
function options(names: string[]): ResolverOptions<CreateOrderFormValues> {
  const fields = {};
  for (const name of names) set(fields, name, { name, ref: { name } });
  return { names, fields, shouldUseNativeValidation: false };
}

const errorsOf = (result: { errors: FieldErrors<CreateOrderFormValues> }) => result.errors;

const pick = <T,>(values: readonly T[]) => fc.constantFrom(...values);
const text = fc.oneof(
  pick(['', ' ', '   ', 'a', 'Teapot', 'x'.repeat(36), 'x'.repeat(37), 'p'.repeat(140), 'p'.repeat(141), 'n'.repeat(255), 'n'.repeat(256)]),
  pick(['😀'.repeat(36), '😀'.repeat(37), 'Nováková', '<b>x</b>', 'javascript:alert(1)', 'https://shop.example.com/return', '/return', 'http://']),
  fc.string({ maxLength: 12 }),
);
const amount = fc.oneof(
  pick(['', ' ', '0', '0.00', '-5', '-0.01', '1.234', '123456789', '12345678.99', '.5', '1.', '-', 'abc', ' 1', '10.00', '１0']),
  fc.string({ maxLength: 6 }),
);
const whole = fc.oneof(pick(['', ' ', '0', '1', '1.5', '-1', ' 2 ', 'x', '9007199254740993', '00', '5411', '54.1']), fc.string({ maxLength: 4 }));
const vat = pick(['', ' ', '21', '100', '21.125', '-0.5', '.5', 'x']);
const itemType = pick(['', 'goods', 'round', 'gadget']);
const date = pick(['', ' ', '2026-01-05', '2026-02-30', '0000-01-01', '2026-1-5', 'yesterday']);
const paymentType = pick(['', 'card', 'cod', 'bitcoin']);

const item: fc.Arbitrary<ItemValues> = fc.record({ name: text, product_id: text, quantity: whole, amount, vat, type: itemType });
const transaction: fc.Arbitrary<TransactionValues> = fc.record({
  date,
  transaction_id: text,
  eshop_external_id: text,
  amount,
  mcc: whole,
  is_canceled: fc.boolean(),
  payment_type: paymentType,
});
const formValues: fc.Arbitrary<CreateOrderFormValues> = fc.record({
  service: pick(['', 'provider-pay', 'pay-in-three', 'paypal']),
  order_external_id: text,
  payment_identifier: text,
  return_url: text,
  order_data: fc.record({ eshop_external_id: text, amount }),
  customer_data: fc.record(Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, text])) as Record<(typeof CUSTOMER_FIELDS)[number], typeof text>),
  items: fc.array(item, { maxLength: 3 }),
  transaction_history: fc.array(transaction, { maxLength: 2 }),
});

describe('createOrderResolver', () => {
  test('asked about one field, it gives the error the whole-body resolver gives there, and no other', async () => {
    await fc.assert(
      fc.asyncProperty(formValues, async (values) => {
        const names = fieldNames(values);
        const full = errorsOf(await wholeBody(values, undefined, options(names)));
        for (const name of names) {
          expect(bodyMember(values, name), name).not.toBeNull();
          const scoped = errorsOf(await createOrderResolver(values, undefined, options([name])));
          expect(get(scoped, name), name).toEqual(get(full, name));
          // Nothing outside the field: an empty answer, or one whose only leaf is this path.
          const expected = {};
          if (get(full, name) !== undefined) set(expected, name, get(full, name));
          expect(scoped, name).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('asked about the whole form (submit, trigger), it is the whole-body resolver', async () => {
    await fc.assert(
      fc.asyncProperty(formValues, async (values) => {
        const names = fieldNames(values);
        expect(await createOrderResolver(values, undefined, options(names))).toEqual(await wholeBody(values, undefined, options(names)));
      }),
      { numRuns: 100 },
    );
  });

  test('the sample values are valid, and a submit gets the request body', async () => {
    const values = sampleFormValues();
    const result = await createOrderResolver(values, undefined, options(fieldNames(values)));
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(await createOrderFormSchema.parseAsync(values));
  });

  test.each([
    ['a list', 'items'],
    ['a row', 'items.0'],
    ['a row that does not exist', 'items.5.amount'],
    ['a member rows do not have', 'items.0.colour'],
    ['a group', 'order_data'],
    ['the server error slot', 'root.serverError'],
  ])('a name that is not one input (%s) gets the whole-body answer', async (_, name) => {
    const values = emptyFormValues();
    values.items.push({ name: '', product_id: '', quantity: '0', amount: 'x', vat: '', type: '' });
    expect(bodyMember(values, name)).toBeNull();
    expect(await createOrderResolver(values, undefined, options([name]))).toEqual(await wholeBody(values, undefined, options([name])));
  });

  test('criteriaMode "all" gets the whole-body answer (every message per field)', async () => {
    const values = emptyFormValues();
    const all = { ...options(['order_data.amount']), criteriaMode: 'all' as const };
    expect(await createOrderResolver(values, undefined, all)).toEqual(await wholeBody(values, undefined, all));
  });
});
