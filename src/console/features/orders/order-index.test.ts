import { expect, test } from 'vitest';
import { parseIndex } from './order-index.ts';

// The local order index as stored (localStorage), read without zod.

test('each entry keeps its record as text and its time; a field missing or null is empty, one of another type its JSON', () => {
  const stored = [
    { record: { id: 'a', external_id: 'ORD-A', status: 'new', initial_amount: 12.5, service: null, extra: 'dropped' }, receivedAt: '2026-11-26T05:00:00.000Z' },
    { record: {}, receivedAt: '2026-11-25T05:00:00.000Z' },
  ];
  const index = parseIndex(stored);
  expect(index).toHaveLength(2);
  expect(index?.[0]).toEqual({
    record: { id: 'a', external_id: 'ORD-A', redirect_url: '', initial_amount: '12.5', current_amount: '', refund_amount: '', date_settled: '', status: 'new', service: '' },
    receivedAt: '2026-11-26T05:00:00.000Z',
  });
  expect(index?.[1]?.record.id).toBe('');
  expect(parseIndex([])).toEqual([]);
});

test.each([
  ['not a list', { record: {}, receivedAt: 'x' }],
  ['an entry that is no object', ['a']],
  ['an entry without its time', [{ record: {} }]],
  ['an entry whose record is no object', [{ record: 'a', receivedAt: 'x' }]],
  ['one bad entry among good ones', [{ record: {}, receivedAt: 'x' }, { record: [], receivedAt: 'x' }]],
])('a stored index that is not one (%s) is none', (_, stored) => {
  expect(parseIndex(stored)).toBeNull();
});
