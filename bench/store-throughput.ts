import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NewOrder, NewRefund, Store } from '../src/sandbox/store.ts';
import { openStore } from '../src/sandbox/store.ts';

// The store alone, without HTTP (budget 5: where a sandbox request's time goes):
// `npx tsx bench/store-throughput.ts [location] [seconds]` prints one line per case:
// a lone create at a time, 16 creates at once, a lone refund at a time, 16 refunds at once (on 16
// orders). location: ':memory:' (default), 'dir' (a new data directory) or a postgres:// URL.
// Run it 3 times and compare on the same machine; it prints the load average beside the figures.

const location = process.argv[2] ?? ':memory:';
const seconds = Number(process.argv[3] ?? '3');

const order = (n: number, amount = '10.00'): NewOrder => ({
  externalId: `tp-${process.pid}-${n}`,
  service: 'provider-pay',
  paymentIdentifier: `PI-${n}`,
  returnUrl: 'https://shop.example/return',
  checkoutOrigin: 'http://127.0.0.1:8080',
  amount,
  requestText: JSON.stringify({ order_external_id: `tp-${n}`, amount }),
});

let refunds = 0;
const refund = (): NewRefund => {
  refunds += 1;
  return { amount: '0.01', destinationAccountNumber: '1234567890', paymentIdentifier: `R-${refunds}`, externalId: `r-${refunds}`, request: { amount: '0.01' } };
};

/** Runs `round` (which does `per` operations) until `seconds` pass; operations per second. */
async function rate(per: number, round: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 5; i++) await round();
  const started = performance.now();
  let done = 0;
  while (performance.now() - started < seconds * 1000) {
    await round();
    done += per;
  }
  return done / ((performance.now() - started) / 1000);
}

async function activated(store: Store, n: number): Promise<string> {
  const created = await store.createOrder('bench', order(n, '99999999.99'));
  if (created.kind !== 'created') throw new Error(created.kind);
  const moved = await store.moveOrder('bench', created.order.id, 'activated', { source: 'control' });
  if (moved.kind !== 'moved') throw new Error(moved.kind);
  return created.order.id;
}

const dir = location === 'dir' ? mkdtempSync(join(tmpdir(), 'store-throughput-')) : null;
const store = await openStore(dir ?? location);
try {
  let n = 0;
  const lone = await rate(1, () => store.createOrder('bench', order(n++)));
  const sixteen = await rate(16, () => Promise.all(Array.from({ length: 16 }, () => store.createOrder('bench', order(n++)))));
  const targets: string[] = [];
  for (let i = 0; i < 16; i++) targets.push(await activated(store, n++));
  const loneRefund = await rate(1, async () => {
    const result = await store.refundOrder('bench', targets[0] ?? '', refund());
    if (result.kind !== 'refunded') throw new Error(result.kind);
  });
  const sixteenRefunds = await rate(16, () => Promise.all(targets.map((id) => store.refundOrder('bench', id, refund()))));
  const where = location.startsWith('postgres') ? 'postgres' : location;
  console.info(
    `${where}: create lone ${lone.toFixed(0)}/s, create 16-at-once ${sixteen.toFixed(0)}/s, refund lone ${loneRefund.toFixed(0)}/s, refund 16-at-once ${sixteenRefunds.toFixed(0)}/s (load ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')})`,
  );
} finally {
  await store.close();
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
}
