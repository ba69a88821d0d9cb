import { escapeHtml } from '../../http/html.ts';
import { safeReturnTo } from '../safe-return-to.ts';

// The answer to the callback once the person is signed in. Not a 302: the browser arrives at the
// callback from the provider's site, and Chromium treats the whole redirect chain as cross-site, so a
// redirect straight to the console would arrive without the new SameSite=Strict session cookie (D16)
// and show the sign-in page again. A page of the console's own that moves on by itself starts a
// same-site navigation, which carries the cookie. (Measured with Chromium 156: docs/oidc.md, "For developers".)

export interface LandingPage {
  status: 200;
  headers: Record<string, string>;
  body: string;
}

export function oidcLandingPage(returnTo: string): LandingPage {
  const target = escapeHtml(safeReturnTo(returnTo));
  return {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The callback URL holds the (spent) authorization code: not in a Referer header either.
      'Referrer-Policy': 'no-referrer',
    },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${target}"><title>Signed in</title></head><body><p>Signed in. <a href="${target}">Continue to the console</a>.</p></body></html>`,
  };
}
