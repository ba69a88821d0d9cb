import { Hono } from 'hono';
import { expect, test } from 'vitest';
import { CONTENT_SECURITY_POLICY, securityHeaders } from './security-headers.ts';

// The headers every answer of ours carries, on a bare app (the sandbox's and the console's own
// tests check them on every kind of answer those servers give).

// The policy as these servers have sent it from the start: the one hono writes must be this text.
const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const app = new Hono();
app.use(securityHeaders);
app.get('/page', (c) => c.html('<p>hi</p>'));
app.get('/own-policy', (c) => c.body('<p>hi</p>', 200, { 'Content-Security-Policy': "sandbox; default-src 'none'", 'X-Powered-By': 'something' }));
app.get('/fails', () => {
  throw new Error('boom');
});

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name = '', ...values] = d.trim().split(/\s+/);
    return [name, values] as const;
  }),
);

test('the policy and the headers sent before, and hono’s other defaults, on an answer and on an error', async () => {
  for (const path of ['/page', '/fails', '/missing']) {
    const response = await app.request(path);
    expect(CONTENT_SECURITY_POLICY).toBe(POLICY);
    expect(response.headers.get('content-security-policy'), path).toBe(POLICY);
    expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
    expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    expect(response.headers.get('x-permitted-cross-domain-policies'), path).toBe('none');
    // Whoever ends TLS decides on HSTS, not a server that often answers plain http.
    expect(response.headers.get('strict-transport-security'), path).toBeNull();
  }
});

test('a policy the handler set stays beside ours: the browser enforces both', async () => {
  const response = await app.request('/own-policy');
  expect(response.headers.get('content-security-policy')).toBe(`${POLICY}, sandbox; default-src 'none'`);
  expect(response.headers.get('x-powered-by')).toBeNull();
});

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
