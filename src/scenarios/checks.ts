import { flattenDrfErrors } from '../contract/drf-errors.ts';
import type { Order } from '../contract/schemas.ts';
import { orderSchema } from '../contract/schemas.ts';
import type { CallResult } from './http-recorder.ts';
import type { StepContext } from './scenario.ts';

// Expectations shared by the scenarios. Each one says what it wanted and what came, so a failed
// scenario's message stands on its own in a report.

const EXCERPT = 160;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT)}…` : flat;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "HTTP 400 with errors on amount", "no answer (…)": what came, in a few words. */
export function describeAnswer(result: CallResult): string {
  if (result.status === null) return result.exchange.error ?? 'no answer';
  if (result.status === 0) return 'a redirect (the browser does not show where to)';
  if (result.status >= 200 && result.status < 400) return `HTTP ${result.status}`;
  const errors = flattenDrfErrors(result.json);
  if (errors !== null) {
    const paths = [...errors.fields.map((f) => f.path), ...(errors.nonField.length > 0 ? ['non_field_errors'] : [])];
    return `HTTP ${result.status} with errors on ${paths.join(', ')}`;
  }
  if (isRecord(result.json) && typeof result.json['detail'] === 'string') {
    const code = typeof result.json['code'] === 'string' ? ` (${result.json['code']})` : '';
    return `HTTP ${result.status} "${excerpt(result.json['detail'])}"${code}`;
  }
  return result.text === '' ? `HTTP ${result.status} with an empty body` : `HTTP ${result.status}: ${excerpt(result.text)}`;
}

/** D3: a validation body (fields -> messages) or a `{"detail": ...}` body. */
export function isDrfErrorBody(json: unknown): boolean {
  return flattenDrfErrors(json) !== null || (isRecord(json) && typeof json['detail'] === 'string');
}

/** A JSON value in a few words: `the JSON number 100`, `"abc"`, `missing`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (typeof value === 'string') return excerpt(JSON.stringify(value));
  if (typeof value === 'number' || typeof value === 'boolean') return `the JSON ${typeof value} ${String(value)}`;
  return Array.isArray(value) ? 'a list' : 'an object';
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let node = json;
  for (const key of path) {
    if (Array.isArray(node) && typeof key === 'number') node = node[key];
    else if (isRecord(node) && typeof key === 'string') node = node[key];
    else return undefined;
  }
  return node;
}

/** The schema's complaints about a body, each with what came: `initial_amount: Must be text (came: the JSON number 100)` (D9). */
export function orderMismatches(json: unknown): string[] {
  const parsed = orderSchema.safeParse(json);
  if (parsed.success) return [];
  if (!isRecord(json)) return [`the body is ${bodyKind(json)}, not an order record`];
  return parsed.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message} (came: ${describeValue(valueAt(json, issue.path))})`,
  );
}

function bodyKind(json: unknown): string {
  return json === undefined ? 'not JSON' : describeValue(json);
}

/**
 * A successful answer (any 2xx: the document names no status) whose body is the order record of
 * section 2.1. Returns the order.
 */
export function expectOrderAnswer(step: StepContext, result: CallResult, what: string): Order {
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  step.expect(`${what} is accepted`, ok, 'a 2xx answer', describeAnswer(result));
  const parsed = orderSchema.safeParse(result.json);
  const order = step.require(
    `${what} answers the order record as documented (2.1)`,
    parsed.data,
    'every field present with its documented type and format (amounts as decimal strings)',
    parsed.success ? orderState(parsed.data) : orderMismatches(result.json).join('; '),
  );
  return order;
}

export interface RefusalOptions {
  /** The field whose path must carry the error (`items.0.vat`); absent: any DRF body will do. */
  field?: string;
  /** The statuses that count (default any 4xx). */
  statuses?: readonly number[];
  /** The status D3 names for it: the report says when another one came. */
  sandboxStatus?: number;
}

/**
 * A refusal: a 4xx (the document names no codes) with a DRF-shaped body, and the error on `field`
 * when one is named. Records which status came.
 */
export function expectRefusal(step: StepContext, result: CallResult, what: string, options: RefusalOptions = {}): void {
  const status = result.status;
  const statusOk = status !== null && (options.statuses?.includes(status) ?? (status >= 400 && status < 500));
  const wanted = options.statuses === undefined ? 'a 4xx refusal' : `a refusal with HTTP ${options.statuses.join(' or ')}`;
  step.expect(`${what} is refused`, statusOk, wanted, describeAnswer(result));
  step.expect(
    `${what}: the refusal has a DRF error body (D3)`,
    isDrfErrorBody(result.json),
    'a JSON body of field errors or {"detail": ...}',
    excerpt(result.text) === '' ? 'an empty body' : excerpt(result.text),
  );
  if (options.field !== undefined) {
    const paths = flattenDrfErrors(result.json)?.fields.map((f) => f.path) ?? [];
    step.expect(
      `${what}: the error is on ${options.field}`,
      paths.includes(options.field),
      `an error on ${options.field}`,
      paths.length > 0 ? `errors on ${paths.join(', ')}` : describeAnswer(result),
    );
  }
  const differs = options.sandboxStatus !== undefined && status !== options.sandboxStatus;
  step.note(`${what}: refused with HTTP ${status ?? ''}${differs ? ` (the sandbox answers ${options.sandboxStatus}; the document names no code)` : ''}`);
}

/** The fields a refusal or a lost call must not have changed. */
export function orderState(order: Order): string {
  return `${order.status}, initial ${order.initial_amount}, current ${order.current_amount}, refunded ${order.refund_amount}`;
}

export function expectState(step: StepContext, order: Order, expectation: string, expected: Pick<Order, 'status' | 'current_amount' | 'refund_amount'> & Partial<Order>): void {
  const wanted = { ...order, ...expected };
  step.expect(expectation, orderState(order) === orderState(wanted), orderState(wanted), orderState(order));
}

export function expectUnchanged(step: StepContext, before: Order, after: Order, expectation = 'the order is unchanged'): void {
  step.expect(expectation, orderState(after) === orderState(before), orderState(before), orderState(after));
}
