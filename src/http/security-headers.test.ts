import { expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

// The policy every answer of ours carries: what it must allow (Mantine's and the sandbox pages'
// inline styles, the checkout page's redirect to another origin) and what it must never allow.

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name = '', ...values] = d.trim().split(/\s+/);
    return [name, values] as const;
  }),
);

test('only this origin’s script files: no inline script, no eval, no framing, no plugins, no base', () => {
  expect(directives.get('script-src') ?? directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|data:[^;]*script|\*/);
});

test('no form-action: the checkout page’s 303 to the partner’s return_url must not be blocked', () => {
  expect(directives.has('form-action')).toBe(false);
});
