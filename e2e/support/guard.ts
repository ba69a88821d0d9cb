import type { BrowserContext } from '@playwright/test';
import { SHOP_RETURN_URL } from '../../src/testing/sample-bodies.ts';
import type { Target } from './target.ts';

// Only the environment under test is reachable. A checkout sends the browser on to the order's
// return_url: the shop host used by the sample orders answers from here, anything else is refused.

const SHOP_PAGE = '<!doctype html><html lang="en"><head><title>Shop</title></head><body><main><h1>Back at the shop</h1></main></body></html>';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Routes the context; the returned list fills with the URLs it refused (the fixture expects none). */
export async function guardContext(context: BrowserContext, target: Target): Promise<string[]> {
  const allowed = [target.baseURL, target.indexShapeBaseURL, target.proxyBaseURL, target.teamBaseURL, target.teamShortTtlBaseURL, target.oidcBaseURL, target.oidcIssuerURL].filter((url) => url !== null).map((url) => escapeRegExp(new URL(url).host));
  const blocked: string[] = [];
  await context.route(new RegExp(`^https?://(?!(?:${allowed.join('|')})(?:/|$))`), async (route) => {
    blocked.push(route.request().url());
    await route.abort('blockedbyclient');
  });
  await context.route(`${new URL(SHOP_RETURN_URL).origin}/**`, (route) => route.fulfill({ contentType: 'text/html', body: SHOP_PAGE }));
  return blocked;
}
