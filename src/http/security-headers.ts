import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';

type Directives = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

// The policy every answer of ours carries (the console's pages and files, its /api, the sandbox's
// API and pages). style-src needs 'unsafe-inline' because Mantine injects <style> tags and the
// sandbox's pages carry their styles inline. No form-action: Chrome applies it to the checkout
// page's 303 redirect to the partner's return_url, which is on another origin.
const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
} satisfies Directives;

/** The Content-Security-Policy header as hono/secure-headers writes it from DIRECTIVES. */
export const CONTENT_SECURITY_POLICY = Object.entries(DIRECTIVES)
  .map(([name, values]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...values].join(' '))
  .join('; ');

// hono's defaults (nosniff, no referrer, same-origin opener and resource policies, ...) with
// framing refused outright. No Strict-Transport-Security: these servers often answer plain http
// (loopback, or behind the proxy that ends TLS), and pinning https for a whole domain and its
// subdomains is the call of whoever runs that proxy.
const headers = secureHeaders({ contentSecurityPolicy: DIRECTIVES, xFrameOptions: 'DENY', strictTransportSecurity: false });

export const securityHeaders = createMiddleware(async (c, next) => {
  const handler: { policy: string | null } = { policy: null };
  await headers(c, async () => {
    await next();
    handler.policy = c.res.headers.get('Content-Security-Policy');
  });
  // A policy of the handler's own (the proxy's sandbox for a non-JSON answer) stays beside ours: a
  // browser enforces every policy it gets, so a second one can only narrow what the page may do.
  const own = handler.policy;
  if (own !== null && own !== CONTENT_SECURITY_POLICY) c.res.headers.append('Content-Security-Policy', own);
});
