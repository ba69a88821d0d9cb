import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ApiError, detailError, notFound } from '../http/errors.ts';
import { readBodyBytes, readStreamBytes } from '../http/body.ts';

// docs/decisions.md D8: with ORDER_SERVICE_URL set, /psp/ requests go to the real service unchanged
// (Authorization included), so the console needs no CORS. The only 5xx this server may answer is 502,
// when the service cannot be reached or answers more than we keep: that is not the sandbox's own fault.
//
// The service's answer arrives on the console's origin, where the remembered tokens live.
// It must never render or run there: JSON passes as JSON; anything else becomes an inert download
// (text/plain, attachment, a sandboxing policy; nosniff is on every answer, so no browser runs it as
// a script either). A Basic/Digest challenge would make the browser ask for a password on our
// origin: only a Token challenge is passed on. A path that hides a separator or a dot segment in
// percent-escapes (`..%2f`) is not ours to forward: the service might decode it and walk out of /psp/.

const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept'] as const;
const RETURNED_RESPONSE_HEADERS = ['allow', 'location', 'retry-after'] as const;
const TIMEOUT_MS = 30_000;
/** The most of one answer the proxy holds: an Order Service answer is a few kB, an order list far less than this. */
export const MAX_PROXIED_ANSWER_BYTES = 8 * 1024 * 1024;

const unreachable = () => detailError(502, 'bad_gateway', 'Order service unreachable');
const tooLarge = () => detailError(502, 'bad_gateway', `Order service answer larger than ${MAX_PROXIED_ANSWER_BYTES} bytes`);

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const BROWSER_CHALLENGE = /\b(?:basic|digest|negotiate|ntlm)\b/i;
// %2f %5c (separators), %2e (a dot), %00, a backslash, or a literal dot segment.
const HIDDEN_PATH = /%(?:2f|5c|2e|00)|\\|(?:^|\/)\.{1,2}(?:\/|$)/i;

/** The service's base URL, checked once at start-up: http(s) only. */
export function parseServiceUrl(text: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ORDER_SERVICE_URL must be an http(s) URL, got ${url.protocol}`);
  return url;
}

const pathOf = (target: string) => {
  const afterOrigin = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const end = afterOrigin.search(/[?#]/);
  return end === -1 ? afterOrigin : afterOrigin.slice(0, end);
};

/**
 * The path as the client sent it, without the query. The request URL has already been through the
 * URL parser (`%2e%2e/` resolved away), so the request line node:http read is checked too.
 */
function requestPaths(c: Context): string[] {
  const env: unknown = c.env;
  const incoming: unknown = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : undefined;
  const raw = incoming instanceof IncomingMessage && incoming.url !== undefined ? [pathOf(incoming.url)] : [];
  return [...raw, pathOf(c.req.url)];
}

/** The answer's bytes, refusing more than MAX_PROXIED_ANSWER_BYTES while reading (a length may be absent or lie). */
async function readCapped(upstream: Response): Promise<Uint8Array> {
  const declared = Number(upstream.headers.get('content-length') ?? '0');
  if (declared > MAX_PROXIED_ANSWER_BYTES) {
    await upstream.body?.cancel();
    throw tooLarge();
  }
  if (upstream.body === null) return new Uint8Array(0);
  try {
    return await readStreamBytes(upstream.body, MAX_PROXIED_ANSWER_BYTES, tooLarge);
  } catch (error) {
    await upstream.body.cancel().catch(() => undefined);
    throw error;
  }
}

/** The headers the console gets: what a client needs, and never anything that renders, runs or prompts. */
function answerHeaders(upstream: Headers): Headers {
  const out = new Headers();
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null) out.set(name, value);
  }
  const challenge = upstream.get('www-authenticate');
  if (challenge !== null && !BROWSER_CHALLENGE.test(challenge)) out.set('WWW-Authenticate', challenge);
  const type = upstream.get('content-type');
  if (type !== null && JSON_TYPE.test(type)) {
    out.set('Content-Type', type);
  } else {
    out.set('Content-Type', 'text/plain; charset=utf-8');
    out.set('Content-Disposition', 'attachment; filename="order-service-answer.txt"');
    out.set('Content-Security-Policy', "sandbox; default-src 'none'");
  }
  return out;
}

export function proxyTo(serviceUrl: URL) {
  const base = serviceUrl.href.replace(/\/+$/, '');
  return async (c: Context): Promise<Response> => {
    const paths = requestPaths(c);
    if (paths.some((p) => HIDDEN_PATH.test(p))) throw notFound();
    const path = paths.at(-1) ?? '';
    const incoming = new URL(c.req.url);
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBodyBytes(c.req.raw);
    let upstream: Response;
    let bytes: Uint8Array;
    try {
      upstream = await fetch(`${base}${path}${incoming.search}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      bytes = await readCapped(upstream);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw unreachable();
    }
    const status = upstream.status;
    // A fresh Response: fetch's own has immutable headers, and ours get the security headers added.
    const noBody = status === 204 || status === 304 || method === 'HEAD';
    return new Response(noBody ? null : bytes, { status, headers: answerHeaders(upstream.headers) });
  };
}
