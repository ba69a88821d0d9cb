import { createMiddleware } from 'hono/factory';
import type { SandboxEnv } from './auth.ts';

// Headers every response carries (API, checkout page, static console). style-src needs
// 'unsafe-inline' because Mantine injects <style> tags. No form-action: Chrome applies it to the
// checkout page's 303 redirect to the partner's return_url, which is on another origin.
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

/**
 * One line per request: `METHOD path status ms`. The path is taken still percent-encoded, so a
 * crafted URL cannot start a fake log line; headers are never logged (the token is in one). An
 * answer shaped by a fault rule (D13) says so: `... 503 2ms (fault status)`, and a connection reset
 * on purpose is `closed` instead of a status, so an injected failure never reads as a real 5xx.
 */
export function requestLog(log: (line: string) => void) {
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    const path = new URL(c.req.url).pathname;
    const fault = c.get('fault');
    const status = fault?.closed === true ? 'closed' : String(c.res.status);
    log(`${c.req.method} ${path} ${status} ${Math.round(performance.now() - started)}ms${fault === undefined ? '' : ` (fault ${fault.kind})`}`);
  });
}
