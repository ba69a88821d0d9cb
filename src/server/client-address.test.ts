import { expect, test } from 'vitest';
import { resolveClientAddress, trustedProxies } from './client-address.ts';

// Whose address a request is counted under behind reverse proxies (the sign-in throttle, the audit).

const proxies = trustedProxies(['10.0.0.0/8', '192.0.2.1', 'fd00::/8']);

test.each([
  ['no trusted proxies: the header is never read', '127.0.0.1', '203.0.113.5', null, '127.0.0.1'],
  ['a peer that is not a proxy: its own address, whatever it forwards', '198.51.100.7', '203.0.113.5', proxies, '198.51.100.7'],
  ['one trusted proxy: the address it appended', '192.0.2.1', '203.0.113.5', proxies, '203.0.113.5'],
  ['addresses a client wrote in front are not read', '192.0.2.1', '1.2.3.4, 5.6.7.8, 203.0.113.5', proxies, '203.0.113.5'],
  ['two trusted hops: the first untrusted from the right', '10.1.2.3', '1.2.3.4, 203.0.113.5, 10.9.9.9', proxies, '203.0.113.5'],
  ['a dual-stack peer (::ffff:) and IPv6 proxies', '::ffff:10.0.0.2', '2001:db8::7, fd00::1', proxies, '2001:db8::7'],
  ['a malformed entry stops the walk at the last trusted hop', '192.0.2.1', 'not-an-address', proxies, '192.0.2.1'],
  ['every hop trusted: the leftmost', '192.0.2.1', '10.0.0.5', proxies, '10.0.0.5'],
])('%s', (_, peer, forwardedFor, trusted, expected) => {
  expect(resolveClientAddress(peer, forwardedFor, trusted)).toBe(expected);
});

test.each(['10.0.0.0/33', 'example.com', '10.0.0.1/8/1', 'fd00::/129', ''])('%j is refused as a trusted proxy', (entry) => {
  expect(() => trustedProxies([entry])).toThrow(/is not an IP address or a CIDR range/);
});
