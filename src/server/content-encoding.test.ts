import { describe, expect, test } from 'vitest';
import type { Coding } from './content-encoding.ts';
import { parseAcceptEncoding, selectEncoding } from './content-encoding.ts';

// RFC 9110 §12.5.3 as the static console answers it: brotli first, gzip next, the file
// as it is when neither is acceptable.

const BOTH: Coding[] = ['br', 'gzip'];

describe('selectEncoding', () => {
  test.each<[string | undefined, Coding[], string]>([
    // What browsers send.
    ['gzip, deflate, br, zstd', BOTH, 'br'],
    ['br, gzip', BOTH, 'br'],
    ['gzip, deflate', BOTH, 'gzip'],
    // Only the twins that exist.
    ['br, gzip', ['gzip'], 'gzip'],
    ['br, gzip', [], 'identity'],
    ['br', ['gzip'], 'identity'],
    // No header: an agent that sent none may not decode anything. Empty: identity only.
    [undefined, BOTH, 'identity'],
    ['', BOTH, 'identity'],
    ['identity', BOTH, 'identity'],
    // q=0 refuses; weights order the rest; equal weights go to the smaller coding.
    ['br;q=0, gzip', BOTH, 'gzip'],
    ['br;q=0, gzip;q=0', BOTH, 'identity'],
    ['gzip;q=1, br;q=0.5', BOTH, 'gzip'],
    ['gzip;q=0.8, br;q=0.8', BOTH, 'br'],
    ['BR;Q=0.9, GZIP;Q=0.1', BOTH, 'br'],
    ['br ; q=0.5 , gzip ; q=0.4', BOTH, 'br'],
    ['x-gzip', BOTH, 'gzip'],
    // "*" stands for every coding not named.
    ['*', BOTH, 'br'],
    ['br;q=0, *', BOTH, 'gzip'],
    ['*;q=0', BOTH, 'identity'],
    // identity named above a coding wins; left unnamed, it ranks below any named coding.
    ['gzip;q=0.5, identity', BOTH, 'identity'],
    ['gzip;q=0.5', BOTH, 'gzip'],
    ['gzip;q=0.5, identity;q=0.5', BOTH, 'gzip'],
    // Refusing identity when no coding is acceptable still gets the file (not a 406).
    ['identity;q=0, deflate', BOTH, 'identity'],
    // An unreadable weight drops that entry, not the header.
    ['br;q=2, gzip', BOTH, 'gzip'],
    ['br;q=abc, gzip', BOTH, 'gzip'],
    ['br;q=0.0001, gzip;q=0.5', BOTH, 'gzip'],
    ['zstd, deflate', BOTH, 'identity'],
  ])('Accept-Encoding %j with %j -> %s', (header, available, expected) => {
    expect(selectEncoding(header, available)).toBe(expected);
  });
});

describe('parseAcceptEncoding', () => {
  test('weights per coding, lower-cased, first mention kept', () => {
    expect([...parseAcceptEncoding('gzip;q=0.5, BR, identity;q=0, gzip;q=1,,')]).toEqual([
      ['gzip', 0.5],
      ['br', 1],
      ['identity', 0],
    ]);
  });
});
