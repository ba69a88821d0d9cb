import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderStatus } from './schemas.ts';
import { ORDER_STATUSES } from './schemas.ts';
import { FINAL_STATUSES, isFinalStatus, nextStatuses, pathToStatus, reachableStatuses } from './states.ts';

// docs/decisions.md D7, transcribed edge by edge from its text, and shortest distances worked out with
// Floyd-Warshall: an oracle that shares no code with the breadth-first search under test.
//   new -> data_completed -> checking -> accepted -> activated -> refunded
//   new, data_completed, accepted -> canceled      checking -> rejected
//   any non-final state -> error                   final: rejected, canceled, refunded, error
const FINAL: readonly OrderStatus[] = ['rejected', 'canceled', 'refunded', 'error'];
const NON_FINAL = ORDER_STATUSES.filter((s) => !FINAL.includes(s));
const D7_EDGES: ReadonlyArray<readonly [OrderStatus, OrderStatus]> = [
  ['new', 'data_completed'],
  ['data_completed', 'checking'],
  ['checking', 'accepted'],
  ['accepted', 'activated'],
  ['activated', 'refunded'],
  ['new', 'canceled'],
  ['data_completed', 'canceled'],
  ['accepted', 'canceled'],
  ['checking', 'rejected'],
  ...NON_FINAL.map((s) => [s, 'error'] as const),
];
const isEdge = (from: OrderStatus, to: OrderStatus) => D7_EDGES.some(([a, b]) => a === from && b === to);

const distance = new Map<string, number>();
const key = (a: OrderStatus, b: OrderStatus) => `${a}>${b}`;
for (const a of ORDER_STATUSES) for (const b of ORDER_STATUSES) distance.set(key(a, b), a === b ? 0 : isEdge(a, b) ? 1 : Infinity);
for (const k of ORDER_STATUSES) {
  for (const a of ORDER_STATUSES) {
    for (const b of ORDER_STATUSES) {
      const via = (distance.get(key(a, k)) ?? Infinity) + (distance.get(key(k, b)) ?? Infinity);
      if (via < (distance.get(key(a, b)) ?? Infinity)) distance.set(key(a, b), via);
    }
  }
}
const shortest = (a: OrderStatus, b: OrderStatus) => distance.get(key(a, b)) ?? Infinity;

function expectAllowedWalk(from: OrderStatus, path: readonly OrderStatus[]) {
  [from, ...path].slice(0, -1).forEach((step, i) => {
    const next = path[i];
    expect(next !== undefined && isEdge(step, next), `${step} -> ${String(next)}`).toBe(true);
  });
}

describe('the D7 transition table', () => {
  it.each(ORDER_STATUSES)('nextStatuses(%j) are exactly its D7 edges', (status) => {
    const expected = D7_EDGES.filter(([a]) => a === status).map(([, b]) => b);
    expect([...nextStatuses(status)].sort()).toEqual([...expected].sort());
  });

  it.each(ORDER_STATUSES)('isFinalStatus(%j) matches D7', (status) => {
    expect(isFinalStatus(status)).toBe(FINAL.includes(status));
    expect(FINAL_STATUSES.has(status)).toBe(FINAL.includes(status));
  });
});

describe('pathToStatus: shortest allowed path, for every pair of the nine statuses', () => {
  const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s -> %s', (from, to) => {
    const path = pathToStatus(from, to);
    const expected = shortest(from, to);
    if (expected === Infinity) {
      expect(path).toBeNull();
      return;
    }
    expect(path).not.toBeNull();
    expect(path).toHaveLength(expected);
    if (path !== null && path.length > 0) {
      expect(path.at(-1)).toBe(to);
      expectAllowedWalk(from, path);
    }
  });

  it.each<[OrderStatus, OrderStatus, OrderStatus[] | null]>([
    ['new', 'activated', ['data_completed', 'checking', 'accepted', 'activated']],
    ['new', 'rejected', ['data_completed', 'checking', 'rejected']],
    ['new', 'refunded', ['data_completed', 'checking', 'accepted', 'activated', 'refunded']],
    ['new', 'canceled', ['canceled']],
    ['new', 'error', ['error']],
    ['data_completed', 'accepted', ['checking', 'accepted']],
    ['accepted', 'canceled', ['canceled']],
    ['activated', 'refunded', ['refunded']],
    ['activated', 'activated', []],
    ['checking', 'canceled', ['accepted', 'canceled']],
    ['activated', 'canceled', null],
    ['activated', 'new', null],
    ['accepted', 'rejected', null],
  ])('%s -> %s is %j', (from, to, expected) => {
    expect(pathToStatus(from, to)).toEqual(expected);
  });

  it.each(FINAL)('final %j reaches nothing', (from) => {
    for (const to of ORDER_STATUSES) expect(pathToStatus(from, to)).toEqual(from === to ? [] : null);
  });

  it('property: every step of a returned path is an allowed edge, and the path ends at the target', () => {
    const status = fc.constantFrom(...ORDER_STATUSES);
    fc.assert(
      fc.property(status, status, (from, to) => {
        const path = pathToStatus(from, to);
        if (path === null) return;
        expect(path.includes(from)).toBe(false);
        expect(new Set(path).size).toBe(path.length);
        if (path.length > 0) expect(path.at(-1)).toBe(to);
        expectAllowedWalk(from, path);
      }),
      { numRuns: 300 },
    );
  });
});

describe('reachableStatuses', () => {
  it.each(ORDER_STATUSES)('from %j: every status with a finite D7 distance, in document order', (from) => {
    expect(reachableStatuses(from)).toEqual(ORDER_STATUSES.filter((to) => to !== from && shortest(from, to) < Infinity));
  });

  it.each<[OrderStatus, OrderStatus[]]>([
    ['new', ['data_completed', 'checking', 'rejected', 'accepted', 'canceled', 'activated', 'refunded', 'error']],
    ['checking', ['rejected', 'accepted', 'canceled', 'activated', 'refunded', 'error']],
    ['activated', ['refunded', 'error']],
    ['refunded', []],
  ])('from %j is %j', (from, expected) => {
    expect(reachableStatuses(from)).toEqual(expected);
  });
});
