import fc from 'fast-check';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { isUuid, UUID_SOURCE } from './uuid.ts';

const zodUuid = z.uuid();

test.each([
  ['3b241101-e2bb-4255-8caf-4136c566a962', true],
  ['3B241101-E2BB-4255-8CAF-4136C566A962', true],
  ['00000000-0000-0000-0000-000000000000', true],
  ['ffffffff-ffff-ffff-ffff-ffffffffffff', true],
  ['3b241101-e2bb-9255-8caf-4136c566a962', false],
  ['3b241101-e2bb-4255-7caf-4136c566a962', false],
  ['3b241101e2bb42558caf4136c566a962', false],
  [' 3b241101-e2bb-4255-8caf-4136c566a962', false],
  ['3b241101-e2bb-4255-8caf-4136c566a962\n', false],
  ['ORD-1', false],
  ['', false],
])('%j: %s, as z.uuid() says', (text, expected) => {
  expect(isUuid(text)).toBe(expected);
  expect(zodUuid.safeParse(text).success).toBe(expected);
});

test('isUuid agrees with z.uuid() on UUIDs of every version, near misses and any text', () => {
  const nearMiss = fc.stringMatching(/^[0-9a-fA-FgG-]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
  fc.assert(
    fc.property(fc.oneof(fc.uuid(), fc.uuid().map((u) => u.toUpperCase()), nearMiss, fc.string()), (text) => {
      expect(isUuid(text)).toBe(zodUuid.safeParse(text).success);
    }),
    { numRuns: 2000 },
  );
});

test('UUID_SOURCE in a path pattern captures the id and adds no group of its own', () => {
  const read = new RegExp(`^/order/(${UUID_SOURCE})/$`);
  const match = read.exec('/order/3b241101-e2bb-4255-8caf-4136c566a962/');
  expect(match?.slice(1)).toEqual(['3b241101-e2bb-4255-8caf-4136c566a962']);
  expect(read.test('/order/3b241101-e2bb-4255-8caf-4136c566a962x/')).toBe(false);
});
