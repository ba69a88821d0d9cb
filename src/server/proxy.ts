import type { Context } from 'hono';
import { detailError, readBodyBytes } from '../sandbox/entry.ts';

// docs/decisions.md D8: with ORDER_SERVICE_URL set, /psp/ requests go to the real service unchanged
// (Authorization included), so the console needs no CORS. The only 5xx this server may answer is 502,
// when the service cannot be reached: that is not the sandbox's own fault.

const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept'] as const;
const RETURNED_RESPONSE_HEADERS = ['content-type', 'www-authenticate', 'allow', 'location', 'retry-after'] as const;
const TIMEOUT_MS = 30_000;

const unreachable = () => detailError(502, 'bad_gateway', 'Order service unreachable');

/** The service's base URL, checked once at start-up: http(s) only. */
export function parseServiceUrl(text: string): URL {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`ORDER_SERVICE_URL must be an http(s) URL, got ${url.protocol}`);
  return url;
}

export function proxyTo(serviceUrl: URL) {
  const base = serviceUrl.href.replace(/\/+$/, '');
  return async (c: Context): Promise<Response> => {
    const incoming = new URL(c.req.url);
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name);
      if (value !== undefined) headers.set(name, value);
    }
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? undefined : await readBodyBytes(c.req.raw);
    let status: number;
    let responseHeaders: Headers;
    let bytes: ArrayBuffer;
    try {
      const upstream = await fetch(`${base}${incoming.pathname}${incoming.search}`, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = upstream.status;
      responseHeaders = upstream.headers;
      bytes = await upstream.arrayBuffer();
    } catch {
      throw unreachable();
    }
    // A fresh Response: fetch's own has immutable headers, and ours get the security headers added.
    const out = new Headers();
    for (const name of RETURNED_RESPONSE_HEADERS) {
      const value = responseHeaders.get(name);
      if (value !== null) out.set(name, value);
    }
    const noBody = status === 204 || status === 304 || method === 'HEAD';
    return new Response(noBody ? null : bytes, { status, headers: out });
  };
}
