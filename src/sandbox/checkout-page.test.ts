import { describe, expect, test } from 'vitest';
import { checkoutPage, notAllowedPage, resultPage, returnUrlWithResult } from './checkout-page.ts';
import type { OrderRecord } from './store.ts';

// The page's logic at the function level: return_url is validated as http(s) at creation, so the
// "never redirect to javascript:" branch cannot be reached over the API.

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

const order = (overrides: Partial<OrderRecord> = {}): OrderRecord => ({
  id: ID,
  external_id: '<img src=x onerror=alert(1)>',
  service: 'provider-pay',
  status: 'new',
  payment_identifier: 'PI-1',
  return_url: 'https://shop.example/back',
  initial_amount: '10.00',
  current_amount: '10.00',
  refund_amount: '0.00',
  created_at: new Date('2026-01-01T00:00:00Z'),
  created_key: '2026-01-01T00:00:00.000000Z',
  checkout_origin: null,
  ...overrides,
});

describe('returnUrlWithResult', () => {
  test.each([
    ['https://shop.example/back', `https://shop.example/back?order_id=${ID}&status=activated`],
    ['http://localhost:3000/x?a=1&b=2', `http://localhost:3000/x?a=1&b=2&order_id=${ID}&status=activated`],
    ['https://shop.example/x?status=old#frag', `https://shop.example/x?status=activated&order_id=${ID}#frag`],
  ])('%s -> %s', (returnUrl, expected) => {
    expect(returnUrlWithResult(returnUrl, ID, 'activated')).toBe(expected);
  });

  test.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://x/y', '/relative', 'not a url', ''])(
    'no redirect to %s',
    (returnUrl) => {
      expect(returnUrlWithResult(returnUrl, ID, 'activated')).toBeNull();
    },
  );
});

describe('pages escape everything from the order', () => {
  const hostile = order({ return_url: 'javascript:alert("<b>")' });

  test.each([
    ['checkout page', checkoutPage(hostile)],
    ['result page', resultPage(hostile)],
    ['not-allowed page', notAllowedPage(hostile, 'approve')],
  ])('%s', (_name, html) => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toMatch(/<a [^>]*href="javascript:/i);
  });

  test('the result page shows the status and the unusable return URL as text, not a link', () => {
    const html = resultPage(order({ status: 'activated', return_url: 'javascript:alert(1)' }));
    expect(html).toContain('<dd data-testid="order-status">activated</dd>');
    expect(html).toContain('<code>javascript:alert(1)</code>');
    expect(html).not.toContain('http-equiv="refresh"');
  });
});
