// The one data set every peer shows: 50 orders in the shape of a list row (what an admin list of
// orders shows), the same for all three apps, served as JSON by bench/peers/server.ts.

export const PEER_ORDERS = 50;
/** The first row's reference: the probe counts content as painted once this text is on the page. */
export const FIRST_REFERENCE = 'PEER-0001';

export interface PeerOrder {
  id: number;
  reference: string;
  status: string;
  amount: string;
  currency: string;
  email: string;
  created: string;
}

const STATUSES = ['PAID', 'REFUNDED', 'CREATED', 'PARTIALLY_REFUNDED', 'REJECTED'] as const;

export function peerOrders(count = PEER_ORDERS): PeerOrder[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    reference: `PEER-${String(i + 1).padStart(4, '0')}`,
    status: STATUSES[i % STATUSES.length] ?? 'PAID',
    // Amounts are decimal strings, as everywhere in the console: built from integer cents.
    amount: `${10 + ((i * 37) % 990)}.${String((i * 13) % 100).padStart(2, '0')}`,
    currency: i % 3 === 0 ? 'USD' : 'EUR',
    email: `customer${i + 1}@example.com`,
    created: new Date(Date.UTC(2026, 10, 1, 9, 0) + i * 3_600_000).toISOString(),
  }));
}
