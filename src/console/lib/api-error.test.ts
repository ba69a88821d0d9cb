import { describe, expect, test } from 'vitest';
import { ApiError, apiErrorFromResponse } from './api-error.ts';

// The DRF bodies captured for the contract (src/contract/fixtures/, with their origin in its README), as the raw text a
// response would carry.
const examples = import.meta.glob<string>('../../contract/fixtures/drf-*.json', { eager: true, query: '?raw', import: 'default' });

function example(name: string): string {
  const text = examples[`../../contract/fixtures/${name}`];
  if (text === undefined) throw new Error(`no example ${name}`);
  return text;
}

const URL = 'http://127.0.0.1:8080/psp/v2/order/';

function paths(error: ApiError): string[] {
  return error.fieldErrors.map((f) => f.path).sort();
}

const EVERY_CREATE_FIELD = [
  'customer_data.email',
  'items.1.amount',
  'items.1.name',
  'items.1.quantity',
  'items.1.type',
  'order_data.amount',
  'order_external_id',
  'return_url',
  'transaction_history.0.date',
  'transaction_history.0.is_canceled',
  'transaction_history.0.payment_type',
];

test('the examples are all there', () => {
  expect(Object.keys(examples)).toHaveLength(6);
});

describe('apiErrorFromResponse on the DRF examples', () => {
  test.each(['drf-3.14-create-400.json', 'drf-3.18-create-400-index-shape.json'])('%s: every field error lands on its JSON path', (name) => {
    const error = apiErrorFromResponse('POST', URL, 400, example(name));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(paths(error)).toEqual(EVERY_CREATE_FIELD);
    expect(error.nonFieldErrors).toEqual([]);
    expect(error.isValidation).toBe(true);
    expect(error.isAuth).toBe(false);
    expect(error.rawText).toBeUndefined();
    const byPath = new Map(error.fieldErrors.map((f) => [f.path, f.messages]));
    expect(byPath.get('items.1.name')).toEqual(['This field may not be blank.']);
    expect(byPath.get('items.1.quantity')).toEqual(['Ensure this value is greater than or equal to 1.']);
    expect(byPath.get('transaction_history.0.date')).toEqual(['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.']);
    expect(byPath.get('order_data.amount')).toEqual(['Ensure that there are no more than 10 digits in total.']);
    expect(byPath.get('customer_data.email')).toEqual(['Enter a valid email address.']);
    expect(byPath.get('order_external_id')).toEqual(['Ensure this field has no more than 36 characters.']);
    expect(byPath.get('return_url')).toEqual(['Enter a valid URL.']);
    // A valid row ({} in the list shape) names no field.
    expect(paths(error).some((p) => p.startsWith('items.0'))).toBe(false);
  });

  test('both array shapes give the same errors', () => {
    const list = apiErrorFromResponse('POST', URL, 400, example('drf-3.14-create-400.json'));
    const index = apiErrorFromResponse('POST', URL, 400, example('drf-3.18-create-400-index-shape.json'));
    const sorted = (e: ApiError) => [...e.fieldErrors].sort((a, b) => a.path.localeCompare(b.path));
    expect(sorted(index)).toEqual(sorted(list));
  });

  test('an error about the list as a whole lands on `items`', () => {
    const error = apiErrorFromResponse('POST', URL, 400, example('drf-3.14-items-not-a-list-400.json'));
    expect(error.fieldErrors).toEqual([{ path: 'items', messages: ['Expected a list of items but got type "str".'] }]);
    expect(error.nonFieldErrors).toEqual([]);
  });

  test.each([
    ['drf-401-no-credentials.json', 'Authentication credentials were not provided.'],
    ['drf-401-invalid-token.json', 'Invalid token.'],
  ])('%s: a 401 is an auth error carrying the detail', (name, detail) => {
    const error = apiErrorFromResponse('GET', URL, 401, example(name));
    expect(error.detail).toBe(detail);
    expect(error.isAuth).toBe(true);
    expect(error.isValidation).toBe(false);
    expect(error.fieldErrors).toEqual([]);
    expect(error.message).toBe(`HTTP 401: ${detail}`);
  });

  test('a 403 counts as an auth error too (DRF with session authentication first)', () => {
    const error = apiErrorFromResponse('GET', URL, 403, '{"detail": "You do not have permission to perform this action."}');
    expect(error.isAuth).toBe(true);
    expect(error.detail).toBe('You do not have permission to perform this action.');
  });

  test('the malformed-JSON answer is a 400 with a detail, not a validation error', () => {
    const error = apiErrorFromResponse('POST', URL, 400, example('drf-malformed-json-400.json'));
    expect(error.detail).toBe('JSON parse error - Expecting value: line 1 column 22 (char 21)');
    expect(error.isValidation).toBe(false);
    expect(error.isAuth).toBe(false);
  });
});

describe('apiErrorFromResponse on other answers', () => {
  test('detail and code of a DRF error', () => {
    const error = apiErrorFromResponse('POST', URL, 409, '{"detail": "Order is new, not activated.", "code": "invalid_status"}');
    expect(error).toMatchObject({ status: 409, detail: 'Order is new, not activated.', code: 'invalid_status', rawText: undefined });
    expect(error.outcomeUnknown).toBe(false);
  });

  test('top-level non_field_errors are kept apart from field errors', () => {
    const error = apiErrorFromResponse('POST', URL, 400, '{"non_field_errors": ["Nope."], "amount": ["Too big."]}');
    expect(error.nonFieldErrors).toEqual(['Nope.']);
    expect(error.fieldErrors).toEqual([{ path: 'amount', messages: ['Too big.'] }]);
    expect(error.isValidation).toBe(true);
  });

  test.each([
    ['an HTML page', 502, '<html><body>Bad gateway</body></html>'],
    ['plain text', 500, 'Internal Server Error'],
    ['JSON that is not a DRF shape', 500, '{"error": {"message": "boom", "trace_id": 7}}'],
    ['a JSON list', 400, '[1, 2, 3]'],
    ['an object naming no error', 400, '{"errors": []}'],
    ['a detail that is not text', 400, '{"detail": {"reason": 1}}'],
    ['an empty body', 503, ''],
  ])('%s is kept as raw text with its status', (_what, status, text) => {
    const error = apiErrorFromResponse('GET', URL, status, text);
    expect(error).toMatchObject({ kind: 'http', status, rawText: text, detail: undefined, fieldErrors: [], nonFieldErrors: [] });
    expect(error.isValidation).toBe(false);
  });

  test('a 5xx leaves the outcome unknown; a 4xx does not', () => {
    expect(apiErrorFromResponse('POST', URL, 502, 'bad gateway').outcomeUnknown).toBe(true);
    expect(apiErrorFromResponse('POST', URL, 400, '{"amount": ["x"]}').outcomeUnknown).toBe(false);
  });

  test('the message is a status line plus the start of the raw text', () => {
    const error = apiErrorFromResponse('GET', URL, 502, `<h1>Bad gateway</h1>${'x'.repeat(500)}`);
    expect(error.message.startsWith('HTTP 502: <h1>Bad gateway</h1>')).toBe(true);
    expect(error.message.length).toBeLessThan(220);
  });
});

describe('routeMissing: "this route does not exist here" apart from "no such order"', () => {
  test.each([
    [404, '<!doctype html><title>Not Found</title><h1>Not Found</h1>', true],
    [404, '', true],
    [405, '{"detail": "Method \\"GET\\" not allowed."}', true],
    [405, '', true],
    [404, '{"detail": "Not found."}', false],
    [404, '{"detail": "No Order matches the given query.", "code": "not_found"}', false],
    [400, '<h1>Bad Request</h1>', false],
    [500, '<h1>Server Error</h1>', false],
  ])('HTTP %i %j -> %s', (status, text, missing) => {
    expect(apiErrorFromResponse('GET', '/psp/v2/order/x/', status, text).routeMissing).toBe(missing);
  });
});
