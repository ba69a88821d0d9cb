import { createMiddleware } from 'hono/factory';

// Headers every response of ours carries (the console's pages and files, its /api, the sandbox's API
// and pages). style-src needs 'unsafe-inline' because Mantine injects <style> tags and the sandbox's
// pages carry their styles inline. No form-action: Chrome applies it to the checkout page's 303
// redirect to the partner's return_url, which is on another origin.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
};

export const securityHeaders = createMiddleware(async (c, next) => {
  await next();
  // A policy of the handler's own (the proxy's sandbox for a non-JSON answer) stays beside ours: a
  // browser enforces every policy it gets, so a second one can only narrow what the page may do.
  const own = c.res.headers.get('Content-Security-Policy');
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
  if (own !== null && own !== CONTENT_SECURITY_POLICY) c.res.headers.append('Content-Security-Policy', own);
});
