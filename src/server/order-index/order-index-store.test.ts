import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseOrderSearch } from '../../contract/order-search.ts';
import type { CustomerData, Order } from '../../contract/schemas.ts';
import type { Database } from '../../db/store-db.ts';
import { testStoreLocation } from '../../sandbox/testing/test-store.ts';
import { openConsoleDb } from '../console-db.ts';
import type { SearchScope } from './order-index-search.ts';
import { decodeCursor, searchIndex, SearchTooCostlyError } from './order-index-search.ts';
import type { IndexSource } from '../../contract/order-index.ts';
import { upsertImportRows, upsertSightings } from './order-index-store.ts';

// The team order index on both stores (vitest.config.ts runs this file on PGlite and on a
// throwaway PostgreSQL): what an upsert keeps, what each filter finds, and that customer fields stay
// hidden (and unsearchable) where the person may not read them.

let db: Database;
const EVERYWHERE: SearchScope = { environments: ['sandbox', 'prod'], customerEnvironments: ['sandbox', 'prod'] };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function order(n: number, over: Partial<Order> = {}): Order {
  return {
    id: uuid(n),
    external_id: `ORD-${n}`,
    redirect_url: 'https://pay.example/x',
    initial_amount: '100.00',
    current_amount: '100.00',
    refund_amount: '0.00',
    date_settled: `2026-11-${String(10 + (n % 20)).padStart(2, '0')}T12:00:00Z`,
    status: 'activated',
    service: 'provider-pay',
    ...over,
  };
}
const seen = (environment: string, o: Order, source: IndexSource, customer: CustomerData | null = null, at = new Date()) => upsertSightings(db, [{ environment, order: o, customer, source, seenAt: at }]);

async function find(query: string, scope: SearchScope = EVERYWHERE) {
  const parsed = parseOrderSearch(query);
  if (!parsed.ok) throw new Error(parsed.error);
  const page = await searchIndex(db, parsed.search, scope, null);
  return page.orders.map((o) => o.external_id);
}

beforeAll(async () => {
  db = await openConsoleDb(await testStoreLocation());
  await seen('sandbox', order(1), 'create', { email: 'Jan.Novak@Example.com', first_name: 'Jan', last_name: 'Novák', phone_number: '+420 777 123 456' });
  await seen('sandbox', order(2, { initial_amount: '250.50', current_amount: '50.50', refund_amount: '200.00', status: 'refunded' }), 'create', { email: 'eva@shop.cz', first_name: 'Eva', last_name: 'Dvořák' });
  await seen('prod', order(3, { initial_amount: '99.99', current_amount: '99.99' }), 'read');
  await seen('prod', order(4, { external_id: 'jan-ref-4' }), 'create', { email: 'petr@prod.cz', first_name: 'Petr', last_name: 'Jan' });
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('upsert', () => {
  test('a later read updates status and amounts, keeps the create body’s customer fields, and says where and when it was seen', async () => {
    const later = new Date(Date.now() + 60_000);
    await seen('sandbox', order(5), 'create', { email: 'keep@x.cz' });
    await seen('sandbox', order(5, { status: 'refunded', current_amount: '0.00', refund_amount: '100.00' }), 'refund', null, later);
    const parsed = parseOrderSearch('ext:ORD-5');
    if (!parsed.ok) throw new Error(parsed.error);
    const [hit] = (await searchIndex(db, parsed.search, EVERYWHERE, null)).orders;
    expect(hit).toMatchObject({ status: 'refunded', current_amount: '0.00', refund_amount: '100.00', first_source: 'create', source: 'refund', last_seen_at: later.toISOString().replace('Z', '000Z') });
    expect(hit?.customer).toEqual({ email: 'keep@x.cz', first_name: null, last_name: null, phone_number: null });
  });

  test('a NUL in a customer field or an external id (JSON allows one) does not keep the order out of the index', async () => {
    await seen('sandbox', order(7, { external_id: 'ORD-7\u0000x' }), 'create', { email: 'nul\u0000@x.cz' });
    expect(await find('email:nul@x.cz')).toEqual(['ORD-7x']);
  });

  test('the same order twice in one list page is one row', async () => {
    await upsertSightings(db, [
      { environment: 'sandbox', order: order(6, { status: 'new' }), customer: null, source: 'list', seenAt: new Date() },
      { environment: 'sandbox', order: order(6, { status: 'accepted' }), customer: null, source: 'list', seenAt: new Date() },
    ]);
    expect(await find('ext:ORD-6 status:accepted')).toEqual(['ORD-6']);
    expect(await find('ext:ORD-6 status:new')).toEqual([]);
  });
});

describe('search', () => {
  test.each<[string, string[]]>([
    ['email:jan.novak@example.com', ['ORD-1']],
    ['email:JAN.NOVAK@EXAMPLE.COM', ['ORD-1']],
    ['email:jan.novak@example', []],
    ['email:jan*', ['ORD-1']],
    ['ext:ord-2', ['ORD-2']],
    ['ext:jan', ['jan-ref-4']],
    ['jan', ['jan-ref-4', 'ORD-1']],
    ['novák', ['ORD-1']],
    ['"jan novák"', ['ORD-1']],
    ['eva dvořák', ['ORD-2']],
    ['"777 123 456"', ['ORD-1']],
    ['3456', ['ORD-1']],
    ['777 123', ['ORD-1']],
    ['ovák', ['ORD-1']],
    ['VOŘÁ', ['ORD-2']],
    ['example.com', ['ORD-1']],
    ['shop', ['ORD-2']],
    ['7123', ['ORD-1']],
    ['"77-123-4"', ['ORD-1']],
    ['rd-2', ['ORD-2']],
    ['ref', ['jan-ref-4']],
    ['"an nov"', ['ORD-1']],
    ['n_vák', []],
    ['dvo%ák', []],
    ['123456', ['ORD-1']],
    ['+420777', ['ORD-1']],
    ['status:refunded', ['ORD-2']],
    ['amount:>100', ['ORD-2']],
    ['amount:99.99', ['ORD-3']],
    ['amount:99.99..100 ext:ord', ['ORD-3', 'ORD-1']],
    ['amount:<100', ['ORD-3']],
    ['amount:250.50', ['ORD-2']],
    ['current:<100', ['ORD-3', 'ORD-2']],
    ['current:..100 refunded:>0', ['ORD-2']],
    ['refunded:=0', ['jan-ref-4', 'ORD-3', 'ORD-1']],
    ['created:2026-11-13', ['ORD-3']],
    ['created:2026-11-11..2026-11-12 ext:ord', ['ORD-2', 'ORD-1']],
  ])('%s finds %j', async (query, expected) => {
    const found = await find(query);
    expect(found.filter((e) => ['ORD-1', 'ORD-2', 'ORD-3', 'jan-ref-4'].includes(e))).toEqual(expected);
  });

  test('where the person may not read customer data, the fields are hidden and do not match', async () => {
    const noCustomer: SearchScope = { environments: ['sandbox', 'prod'], customerEnvironments: ['prod'] };
    expect(await find('jan', noCustomer)).toEqual(['jan-ref-4']);
    expect(await find('ovák', noCustomer)).toEqual([]);
    expect(await find('7123', noCustomer)).toEqual([]);
    expect(await find('ref-4', noCustomer)).toEqual(['jan-ref-4']);
    expect(await find('email:jan*', noCustomer)).toEqual([]);
    const parsed = parseOrderSearch('ext:ORD-1');
    if (!parsed.ok) throw new Error(parsed.error);
    const [hit] = (await searchIndex(db, parsed.search, noCustomer, null)).orders;
    expect(hit).toMatchObject({ external_id: 'ORD-1', customer_visible: false, customer: null });
  });

  test('an environment outside the scope is never searched', async () => {
    expect(await find('ext:ord', { environments: ['prod'], customerEnvironments: ['prod'] })).toEqual(['ORD-3']);
    expect(await find('jan', { environments: ['prod'], customerEnvironments: ['prod'] })).toEqual(['jan-ref-4']);
  });

  // 'ord' (a word inside the fields) is answered from the newest orders first when they fill a page.
  test.each(['ext:ord', 'ord'])('pages of %s follow each other without gaps or repeats, newest first', async (query) => {
    const parsed = parseOrderSearch(query);
    if (!parsed.ok) throw new Error(parsed.error);
    const seenIds: string[] = [];
    let cursor = null;
    for (let i = 0; i < 10; i++) {
      const page: Awaited<ReturnType<typeof searchIndex>> = await searchIndex(db, parsed.search, EVERYWHERE, cursor, 2);
      seenIds.push(...page.orders.map((o) => o.external_id));
      if (page.nextCursor === null) break;
      cursor = decodeCursor(page.nextCursor);
    }
    const all = (await searchIndex(db, parsed.search, EVERYWHERE, null, 100)).orders.map((o) => o.external_id);
    expect(seenIds).toEqual(all);
    expect(new Set(seenIds).size).toBe(all.length);
  });

  test('a tampered cursor is no cursor', () => {
    expect(decodeCursor('not-a-cursor')).toBeNull();
    expect(decodeCursor(Buffer.from('["x","y","z"]').toString('base64url'))).toBeNull();
  });

  test('a costly search is cancelled on PostgreSQL past its time; the session that ran it answers the next one', async ({ skip }) => {
    skip(db.kind !== 'postgres', 'PGlite has no timer to cancel a statement with');
    const costly = { environments: ['costly'], customerEnvironments: ['costly'] };
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      order_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      external_id: `COSTLY-${i}`,
      email: `someone${i}@costly.example`,
      first_name: 'Ann',
      last_name: `Costly${i}`,
      phone_number: `+420 ${String(600_000_000 + i)}`,
      status: null,
      initial_amount: null,
      created_at: null,
    }));
    for (let i = 0; i < rows.length; i += 2_000) await upsertImportRows(db, 'costly', rows.slice(i, i + 2_000), new Date());
    // The attack: eight words inside the fields that no order holds, so every record is looked at.
    const parsed = parseOrderSearch('zqx1 zqx2 zqx3 zqx4 zqx5 zqx6 zqx7 zqx8');
    if (!parsed.ok) throw new Error(parsed.error);
    await expect(searchIndex(db, parsed.search, costly, null, 50, 1)).rejects.toBeInstanceOf(SearchTooCostlyError);
    // The timeout was the transaction's own: the pool's sessions answer as before, within the default.
    for (let i = 0; i < 3; i++) expect(await find('email:jan.novak@example.com')).toEqual(['ORD-1']);
    const found = await searchIndex(db, parsed.search, costly, null);
    expect(found.orders).toEqual([]);
  });
});
