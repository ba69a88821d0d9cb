import { describe, expect, it } from 'vitest';
import { oidcLandingPage } from './oidc-landing.ts';

describe('oidcLandingPage', () => {
  it('moves on to the return path by itself, uncached, without a referrer', () => {
    const page = oidcLandingPage('/orders?status=paid&page=2');
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
    expect(page.body).toContain('<meta http-equiv="refresh" content="0;url=/orders?status=paid&amp;page=2">');
    expect(page.body).toContain('<a href="/orders?status=paid&amp;page=2">');
  });

  it('goes home instead of to another site', () => {
    expect(oidcLandingPage('//evil.example/').body).toContain('content="0;url=/"');
  });

  it("keeps a quote from ending the attribute", () => {
    const body = oidcLandingPage("/it's").body;
    expect(body).toContain('url=/it&#39;s"');
  });
});
