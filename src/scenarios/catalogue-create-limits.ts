import { ABSENT, fullOrderBody, textOfLength, withChange } from './bodies.ts';
import { expectRefusal } from './checks.ts';
import { createCall, createOrder } from './flows.ts';
import type { Scenario, ScenarioBasis, ScenarioContext } from './scenario.ts';
import { assumption, DOCUMENT } from './scenario.ts';

// CREATE limits (section 8 and 2.2): each refused body is the full valid body with one field just
// outside its limit, and the error must be on that field's path. Where a limit has a just-inside
// value, a body with it is accepted, so the limit is exactly where the document puts it.

interface LimitCase {
  label: string;
  /** JSON path of the field (`items.0.vat`), as DRF's errors name it. */
  path: string;
  value: (context: ScenarioContext) => unknown;
}

interface Inside {
  label: string;
  changes: [path: string, value: (context: ScenarioContext) => unknown][];
}

function limitScenario(spec: { id: string; title: string; why: string; basis: ScenarioBasis; cases: LimitCase[]; inside?: Inside }): Scenario {
  const { cases, inside } = spec;
  return {
    id: spec.id,
    group: 'CREATE',
    title: spec.title,
    why: spec.why,
    basis: spec.basis,
    steps: [
      ...cases.map((c) => `Create with ${c.label}`),
      ...(inside === undefined ? [] : [`Create with ${inside.label}`]),
    ],
    expectations: [
      'Each body outside the limit is refused (4xx, DRF body) with the error on that field’s path',
      ...(inside === undefined ? [] : [`The body with ${inside.label} is accepted`]),
    ],
    async run(context) {
      for (const c of cases) {
        await context.step(`Create with ${c.label}`, async (step) => {
          const body = withChange(fullOrderBody(context), c.path, c.value(context));
          expectRefusal(step, await createCall(step, body), c.label, { field: c.path });
        });
      }
      if (inside !== undefined) {
        await context.step(`Create with ${inside.label}`, async (step) => {
          let body: unknown = fullOrderBody(context);
          for (const [path, value] of inside.changes) body = withChange(body, path, value(context));
          await createOrder(step, body, `the create with ${inside.label}`);
        });
      }
    },
  };
}

const fixed = (value: unknown) => () => value;
const absent = fixed(ABSENT);
const ofLength = (count: number) => (context: ScenarioContext) => textOfLength(context, count);

export const createLimitScenarios: Scenario[] = [
  limitScenario({
    id: 'CRE-04',
    basis: assumption('D4'),
    title: 'Amounts outside the documented pattern are refused on their field',
    why: 'Up to 8 integer and 2 decimal digits: a service that stores more, or rounds a third decimal away, books a different amount than the partner sent.',
    cases: [
      { label: 'order_data.amount of 9 integer digits (123456789.00)', path: 'order_data.amount', value: fixed('123456789.00') },
      { label: 'order_data.amount with 3 decimals (10.005)', path: 'order_data.amount', value: fixed('10.005') },
      { label: 'order_data.amount with a decimal comma (12,50)', path: 'order_data.amount', value: fixed('12,50') },
      { label: 'order_data.amount that is only a point (.)', path: 'order_data.amount', value: fixed('.') },
      { label: 'items[0].amount with 3 decimals (62.505)', path: 'items.0.amount', value: fixed('62.505') },
      { label: 'transaction_history[0].amount of 9 integer digits', path: 'transaction_history.0.amount', value: fixed('123456789') },
    ],
    inside: { label: 'order_data.amount 12345678.99 (the largest)', changes: [['order_data.amount', fixed('12345678.99')]] },
  }),
  limitScenario({
    id: 'CRE-05',
    basis: DOCUMENT,
    title: 'VAT outside its pattern is refused on its field',
    why: 'VAT has its own, narrower pattern (2 integer digits): 100 % or 21.505 % is a typo the service must catch.',
    cases: [
      { label: 'items[0].vat of 3 integer digits (100)', path: 'items.0.vat', value: fixed('100') },
      { label: 'items[0].vat with 3 decimals (21.505)', path: 'items.0.vat', value: fixed('21.505') },
    ],
    inside: { label: 'items[0].vat 99.99 (the largest)', changes: [['items.0.vat', fixed('99.99')]] },
  }),
  limitScenario({
    id: 'CRE-06',
    basis: DOCUMENT,
    title: 'Each documented maximum length, one character over, is refused on its field',
    why: 'Section 8’s limits are what the partner’s systems are built to; a service that truncates silently loses the id the partner reconciles by.',
    cases: [
      { label: 'order_external_id of 37 characters', path: 'order_external_id', value: ofLength(37) },
      { label: 'order_data.eshop_external_id of 37 characters', path: 'order_data.eshop_external_id', value: ofLength(37) },
      { label: 'payment_identifier of 141 characters', path: 'payment_identifier', value: ofLength(141) },
      { label: 'items[0].name of 256 characters', path: 'items.0.name', value: ofLength(256) },
      { label: 'items[0].product_id of 256 characters', path: 'items.0.product_id', value: ofLength(256) },
      { label: 'transaction_history[0].eshop_external_id of 37 characters', path: 'transaction_history.0.eshop_external_id', value: ofLength(37) },
    ],
    inside: {
      label: 'every one of those fields at its maximum length',
      changes: [
        ['order_external_id', ofLength(36)],
        ['order_data.eshop_external_id', ofLength(36)],
        ['payment_identifier', ofLength(140)],
        ['items.0.name', ofLength(255)],
        ['items.0.product_id', ofLength(255)],
        ['transaction_history.0.eshop_external_id', ofLength(36)],
      ],
    },
  }),
  limitScenario({
    id: 'CRE-07',
    basis: DOCUMENT,
    title: 'An item quantity below 1 or not a whole number is refused on its field',
    why: 'Quantity is an integer >= 1: zero or negative quantities turn an order’s lines into nonsense for the customer and the provider.',
    cases: [
      { label: 'items[0].quantity 0', path: 'items.0.quantity', value: fixed(0) },
      { label: 'items[0].quantity -1', path: 'items.0.quantity', value: fixed(-1) },
      { label: 'items[0].quantity 1.5', path: 'items.0.quantity', value: fixed(1.5) },
    ],
  }),
  limitScenario({
    id: 'CRE-08',
    basis: DOCUMENT,
    title: 'A value outside a documented enum is refused on its field',
    why: 'service, item type and payment type have fixed values; an unknown one means the partner and the service disagree about what was sold.',
    cases: [
      { label: 'service "paypal"', path: 'service', value: fixed('paypal') },
      { label: 'items[0].type "gift"', path: 'items.0.type', value: fixed('gift') },
      { label: 'transaction_history[0].payment_type "cash"', path: 'transaction_history.0.payment_type', value: fixed('cash') },
    ],
  }),
  limitScenario({
    id: 'CRE-09',
    basis: DOCUMENT,
    title: 'A missing required field is refused on its path',
    why: 'A service that fills in a missing field with a default creates an order the partner never described.',
    cases: [
      ...['order_external_id', 'return_url', 'order_data', 'customer_data', 'order_data.eshop_external_id', 'order_data.amount'].map(
        (path): LimitCase => ({ label: `no ${path}`, path, value: absent }),
      ),
      ...['name', 'quantity', 'amount', 'type'].map((field): LimitCase => ({ label: `no items[0].${field}`, path: `items.0.${field}`, value: absent })),
      ...['date', 'transaction_id', 'eshop_external_id', 'amount', 'is_canceled', 'payment_type'].map(
        (field): LimitCase => ({ label: `no transaction_history[0].${field}`, path: `transaction_history.0.${field}`, value: absent }),
      ),
    ],
  }),
  limitScenario({
    id: 'CRE-10',
    basis: assumption('D5', 'D11'),
    title: 'A blank required field is refused on its path',
    why: 'An empty or all-spaces id is no id (D5, D11: DRF trims, then finds it blank); it would make orders nobody can find again.',
    cases: [
      { label: 'order_external_id ""', path: 'order_external_id', value: fixed('') },
      { label: 'order_external_id of spaces only', path: 'order_external_id', value: fixed('   ') },
      { label: 'order_data.eshop_external_id ""', path: 'order_data.eshop_external_id', value: fixed('') },
      { label: 'return_url ""', path: 'return_url', value: fixed('') },
      { label: 'items[0].name ""', path: 'items.0.name', value: fixed('') },
      { label: 'transaction_history[0].transaction_id ""', path: 'transaction_history.0.transaction_id', value: fixed('') },
    ],
  }),
];
