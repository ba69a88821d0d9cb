import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safe-return-to.ts';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/orders?status=paid#top', '/orders?status=paid#top'],
    ['/orders/../audit', '/audit'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });
  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example', 'orders', '', '/a\tb', `/${'a'.repeat(2048)}`])('refuses %j', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });
});
