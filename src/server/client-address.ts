import { BlockList, isIP } from 'node:net';

// Who is asking, behind a reverse proxy: the socket's peer is the proxy, and the person's address is in
// X-Forwarded-For, which any client can write. So the header is read only when the peer is one of
// CONSOLE_TRUSTED_PROXIES, and from the right: each trusted hop appends the address it saw, so the
// first address from the right that is not a trusted proxy is the client. Without the setting the
// header is never read. node:net's BlockList does the address and CIDR matching (IPv4 and IPv6).

/** `::ffff:192.0.2.1` (an IPv4 peer on a dual-stack socket) as `192.0.2.1`. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}

export interface TrustedProxies {
  /** As configured, for messages. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/** Parses `CONSOLE_TRUSTED_PROXIES` entries (addresses or CIDRs); throws naming the first bad one. */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = prefixText === undefined ? null : /^[0-9]{1,3}$/.test(prefixText) ? Number(prefixText) : -1;
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (family === 0 || rest.length > 0 || (prefix !== null && (prefix < 0 || prefix > (family === 6 ? 128 : 32)))) {
      throw new Error(`"${entry}" is not an IP address or a CIDR range such as 10.0.0.0/8`);
    }
    if (prefix === null) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return {
    entries: [...entries],
    has(address: string) {
      const plain = plainAddress(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/**
 * The client's address: the peer's, or, when the peer is a trusted proxy, the first untrusted
 * address of X-Forwarded-For read from the right (a malformed entry stops the walk at the last
 * trusted hop, so a client cannot pick a fresh made-up address for every request).
 */
export function resolveClientAddress(peer: string | null, forwardedFor: string | undefined, trusted: TrustedProxies | null): string | null {
  if (peer === null) return null;
  let client = plainAddress(peer);
  if (trusted === null || forwardedFor === undefined || !trusted.has(client)) return client;
  const hops = forwardedFor.split(',').map((hop) => plainAddress(hop.trim()));
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] ?? '';
    if (isIP(hop) === 0) return client;
    client = hop;
    if (!trusted.has(hop)) return client;
  }
  return client;
}
