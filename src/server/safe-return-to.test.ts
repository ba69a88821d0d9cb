import { expect, test } from 'vitest';
import { safeReturnTo } from './safe-return-to.ts';

// The one check of where a sign-in returns to, for the password form and OpenID Connect alike.

test.each([
  ['/', '/'],
  ['/orders?status=paid#top', '/orders?status=paid#top'],
  ['/orders/../audit', '/audit'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['/orders?next=//evil.example', '/orders?next=//evil.example'],
  ['/orders/ü', '/orders/%C3%BC'],
])('keeps %j as %j', (value, expected) => {
  expect(safeReturnTo(value)).toBe(expected);
});

test.each([
  'https://evil.example/',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  ' /orders',
  'orders',
  '',
  // Browsers drop TAB, CR and LF inside a URL: each of these is //evil.example to them.
  '/\t/evil.example/x',
  '/\n/evil.example',
  '/\r/evil.example',
  // Every other control character, C1 ones and the line separators too.
  ...Array.from({ length: 0x20 }, (_, code) => `/${String.fromCharCode(code)}/evil.example`),
  '/\u007f/evil.example',
  '/\u0085/evil.example',
  '/\u2028/evil.example',
  // Normalised, these begin with // (dot segments and an encoded dot).
  '/.//evil.example/x',
  '/%2e//evil.example',
  '/a/..//evil.example',
  // The sign-in page itself would only loop.
  '/sign-in',
  '/sign-in?return_to=%2Forders',
  `/${'a'.repeat(2048)}`,
])('refuses %j: the browser goes to /', (value) => {
  expect(safeReturnTo(value)).toBe('/');
});

test('nothing given: /', () => {
  expect(safeReturnTo(undefined)).toBe('/');
  expect(safeReturnTo(null)).toBe('/');
});
