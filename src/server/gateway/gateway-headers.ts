import type { TokenScrubber } from '../token-scrub.ts';

// What passes through the gateway besides the body. Upstream: the client's own headers, but those
// that belong to one connection (RFC 9110 7.6.1), to the console (its key, a cookie), or that fetch
// sets itself (the length, the encodings it can decode). Back: the service's headers as they were,
// but the hop-by-hop ones, the length and encoding of a body that fetch has decoded, and any header
// that holds the partner token in any form token-scrub.ts knows (a service that echoes it).

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'host', 'authorization', 'cookie', 'content-length', 'accept-encoding', 'expect', 'origin', 'referer', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-sandbox-namespace']);
const NOT_RETURNED = new Set([...HOP_BY_HOP, 'content-length', 'content-encoding']);

const listedIn = (headers: Headers) =>
  (headers.get('connection') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');

export function forwardedHeaders(incoming: Headers): Headers {
  const out = new Headers();
  const alsoHop = new Set(listedIn(incoming));
  incoming.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name) && !alsoHop.has(name) && !name.startsWith('sec-')) out.append(name, value);
  });
  return out;
}

export function answerHeaders(upstream: Headers, scrubber: TokenScrubber): Headers {
  const out = new Headers();
  const alsoHop = new Set(listedIn(upstream));
  upstream.forEach((value, name) => {
    if (NOT_RETURNED.has(name) || alsoHop.has(name) || name === 'set-cookie' || scrubber.holds(value)) return;
    out.append(name, value);
  });
  for (const cookie of upstream.getSetCookie()) if (!scrubber.holds(cookie)) out.append('set-cookie', cookie);
  return out;
}
