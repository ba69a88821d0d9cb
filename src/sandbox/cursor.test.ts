import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('list cursor', () => {
  const cursor = { createdKey: '2026-11-22T02:14:40.880123Z', id: '3b241101-e2bb-4255-8caf-4136c566a962' };

  test('round-trips, URL-safe', () => {
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  test.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['wrong shape', Buffer.from('{"a":1}').toString('base64url')],
    ['not a UUID', encodeCursor({ ...cursor, id: 'x' })],
    ['February 30th', encodeCursor({ ...cursor, createdKey: '2026-02-30T00:00:00.000000Z' })],
    ['hour 24', encodeCursor({ ...cursor, createdKey: '2026-01-01T24:00:00.000000Z' })],
    ['milliseconds only', encodeCursor({ ...cursor, createdKey: '2026-01-01T00:00:00.000Z' })],
    ['very long', 'A'.repeat(500)],
  ])('%s -> null', (_name, text) => {
    expect(decodeCursor(text)).toBeNull();
  });
});
