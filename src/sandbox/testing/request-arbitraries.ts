import fc from 'fast-check';
import { CUSTOMER_FIELDS, ITEM_TYPES, PAYMENT_TYPES, SERVICES } from '../../contract/schemas.ts';
import { amountArbitrary } from '../../contract/test-support.ts';

// Request bodies for property tests, built from the contract's shapes: mostly valid, then bent at
// a few random places into something else. The generator does not decide what is valid; the test's
// oracle (the schemas the console uses) does, so a sloppy mutation is still a fair question.

// Characters a partner plausibly sends, a few of them outside ASCII (one outside the BMP, a
// surrogate pair in UTF-16). No NUL and no lone surrogates: those are the sandbox's own storage
// rule, tested on their own in hostile-input.test.ts.
const TEXT_UNITS = [...'abcXYZ019 -_./:@#', 'ř', 'ü', '€', '中', '😀'];

export const textArbitrary = (maxLength: number, minLength = 1) =>
  fc.string({ unit: fc.constantFrom(...TEXT_UNITS), minLength, maxLength });

// Whitespace around a value (D11: stripped before validation), including what Python strips and
// JavaScript's trim() does not (\x1c, \x85) and the reverse (\ufeff, which Python keeps).
const SPACE_UNITS = [' ', '\t', '\n', '\u00a0', '\u3000', '\u001c', '\u0085', '\ufeff'];
const spaceArbitrary = fc.string({ unit: fc.constantFrom(...SPACE_UNITS), minLength: 1, maxLength: 2 });

/** `value` with whitespace before, after or on both sides of it. */
export const padded = (arbitrary: fc.Arbitrary<string>) =>
  fc.tuple(fc.option(spaceArbitrary, { nil: '' }), arbitrary, fc.option(spaceArbitrary, { nil: '' })).map(([before, value, after]) => `${before}${value}${after}`);

const positiveAmount = amountArbitrary.filter((a) => !a.startsWith('-') && /[1-9]/.test(a));

/** Amount-like text: the contract's amounts and strings made of the characters near the pattern. */
export const amountLikeArbitrary = fc.oneof(
  { weight: 4, arbitrary: positiveAmount },
  { weight: 1, arbitrary: padded(positiveAmount) },
  { weight: 1, arbitrary: amountArbitrary },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789.-+eE ,'), maxLength: 13 }) },
);

const dateArbitrary = fc.oneof(
  { weight: 5, arbitrary: fc.date({ min: new Date('1990-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '2026-1-1', '0000-01-01', '2024-02-29', '2025-02-29', '26-01-01') },
);

const urlArbitrary = fc.oneof(
  { weight: 5, arbitrary: fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true }) },
  { weight: 1, arbitrary: fc.constantFrom('javascript:alert(1)', 'ftp://shop.example/x', '/relative', 'https://', 'http//x', 'data:text/html,x') },
);

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Drops the members whose value is undefined, as JSON.stringify would. */
function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined));
}

const itemArbitrary = fc
  .record({
    name: textArbitrary(40),
    product_id: optional(textArbitrary(20)),
    quantity: fc.integer({ min: 1, max: 1000 }),
    amount: amountLikeArbitrary,
    vat: optional(fc.constantFrom('21', '15', '0', '10.5', '.5', '-1', '100', '21.555')),
    type: fc.constantFrom(...ITEM_TYPES),
  })
  .map(defined);

const transactionArbitrary = fc
  .record({
    date: dateArbitrary,
    transaction_id: textArbitrary(20),
    eshop_external_id: textArbitrary(36),
    amount: amountLikeArbitrary,
    mcc: optional(fc.integer({ min: 0, max: 9999 })),
    is_canceled: fc.boolean(),
    payment_type: fc.constantFrom(...PAYMENT_TYPES),
  })
  .map(defined);

const customerArbitrary = fc
  .record(Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, optional(textArbitrary(30))])), { requiredKeys: [] })
  .map(defined);

/** A create body shaped like the contract's; usually valid. */
export const createBodyArbitrary = fc
  .record({
    service: optional(fc.constantFrom(...SERVICES)),
    order_external_id: fc.oneof({ weight: 4, arbitrary: textArbitrary(36) }, { weight: 1, arbitrary: padded(textArbitrary(36, 30)) }),
    payment_identifier: optional(textArbitrary(40)),
    return_url: urlArbitrary,
    order_data: fc.record({ eshop_external_id: textArbitrary(36), amount: amountLikeArbitrary }),
    transaction_history: optional(fc.array(transactionArbitrary, { maxLength: 3 })),
    customer_data: customerArbitrary,
    items: optional(fc.array(itemArbitrary, { maxLength: 3 })),
  })
  .map(defined);

/** A refund body shaped like the contract's, amounts mostly small so an order lasts many refunds. */
export const refundBodyArbitrary = fc
  .record({
    amount: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 500_00 }).map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`) },
      { weight: 1, arbitrary: amountLikeArbitrary },
    ),
    destination_account_number: textArbitrary(34),
    payment_identifier: fc.oneof({ weight: 4, arbitrary: textArbitrary(30) }, { weight: 1, arbitrary: padded(textArbitrary(30)) }),
    external_id: textArbitrary(40),
  })
  .map(defined);

/** Values of every JSON type, including the lengths and texts that sit just past a limit. */
export const oddValueArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e21, 2 ** 53 + 2, '', '   ', '\t', 'x', 'NaN', 'Infinity', '1e5', '-', '.', '1.234'),
  fc.constantFrom<unknown>([], {}, [1, 2], { a: 1 }, [{}], ['x']),
  fc.constantFrom(37, 141, 256).map((n) => 'x'.repeat(n)),
  amountLikeArbitrary,
  fc.integer(),
  textArbitrary(10, 0),
);

export const DELETE = Symbol('delete');

export interface Mutation {
  /** Picks one of the body's paths (modulo their number). */
  pick: number;
  value: unknown;
  /** Adds `key` to the container at the picked path instead of replacing the value there. */
  addKey: string | null;
}

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  value: fc.oneof({ weight: 1, arbitrary: fc.constant<unknown>(DELETE) }, { weight: 4, arbitrary: oddValueArbitrary }),
  addKey: fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom('unknown_member', 'extra', 'id', 'status') }),
});

type Path = (string | number)[];

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] => typeof value === 'object' && value !== null;

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!isContainer(value)) return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function containerAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const key of path) node = isContainer(node) ? Reflect.get(node, key) : undefined;
  return node;
}

/** A copy of `body` with the mutations applied in order. */
export function mutate(body: Record<string, unknown>, mutations: readonly Mutation[]): Record<string, unknown> {
  const copy = structuredClone(body);
  for (const { pick, value, addKey } of mutations) {
    const paths = [[], ...pathsOf(copy)];
    const path = paths[pick % paths.length] ?? [];
    if (addKey !== null) {
      const target = containerAt(copy, path);
      if (isContainer(target) && !Array.isArray(target)) target[addKey] = value === DELETE ? 'x' : value;
      continue;
    }
    const key = path.at(-1);
    if (key === undefined) continue;
    const parent = containerAt(copy, path.slice(0, -1));
    if (!isContainer(parent)) continue;
    if (value !== DELETE) Reflect.set(parent, key, structuredClone(value));
    else if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else Reflect.deleteProperty(parent, key);
  }
  return copy;
}
