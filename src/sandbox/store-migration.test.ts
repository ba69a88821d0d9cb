import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../db/store-open.ts';
import { openStore } from './store.ts';

// A data directory written before D12 (no request_text, request jsonb NOT NULL, no events or
// faults tables) opens, keeps its orders and answers the new routes.

const dir = mkdtempSync(join(tmpdir(), 'sandbox-migration-'));

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// The orders table as the sandbox created it before the history existed.
const PRE_HISTORY_SCHEMA = `
CREATE TABLE orders (
  id uuid PRIMARY KEY, owner text NOT NULL, external_id text NOT NULL, service text NOT NULL, payment_identifier text NOT NULL,
  return_url text NOT NULL, status text NOT NULL, initial_amount numeric(10,2) NOT NULL, current_amount numeric(10,2) NOT NULL,
  refund_amount numeric(10,2) NOT NULL, request jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT orders_owner_external_id_key UNIQUE (owner, external_id),
  CONSTRAINT orders_amounts_add_up CHECK (current_amount + refund_amount = initial_amount)
);
CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  amount numeric(10,2) NOT NULL, destination_account_number text NOT NULL, payment_identifier text NOT NULL, external_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), CONSTRAINT refunds_order_payment_identifier_key UNIQUE (order_id, payment_identifier)
);`;

test('an existing data directory opens: old orders keep their request (as stored), an empty history, and new orders get both', async () => {
  const old = await openDatabase(dir);
  await old.exec(PRE_HISTORY_SCHEMA);
  await old.query(
    `INSERT INTO orders (id, owner, external_id, service, payment_identifier, return_url, status, initial_amount, current_amount, refund_amount, request)
     VALUES ('3b241101-e2bb-4255-8caf-4136c566a962', 'o', 'OLD-1', 'provider-pay', 'PI', 'https://shop.example/r', 'new', 10, 10, 0, $1::jsonb)`,
    [JSON.stringify({ order_external_id: 'OLD-1' })],
  );
  await old.close();

  const store = await openStore(dir);
  try {
    expect(await store.getOrder('o', '3b241101-e2bb-4255-8caf-4136c566a962')).toMatchObject({ external_id: 'OLD-1', status: 'new' });
    expect(JSON.parse((await store.orderRequest('o', '3b241101-e2bb-4255-8caf-4136c566a962')) ?? '')).toEqual({ order_external_id: 'OLD-1' });
    expect(await store.orderEvents('o', '3b241101-e2bb-4255-8caf-4136c566a962', { after: null, limit: 10 })).toEqual({ events: [], more: false });
    const text = '{"order_external_id": "NEW-1"}';
    const created = await store.createOrder('o', {
      externalId: 'NEW-1', service: 'provider-pay', paymentIdentifier: 'PI', returnUrl: 'https://shop.example/r', amount: '5.00', requestText: text, checkoutOrigin: 'http://127.0.0.1:8080',
    });
    if (created.kind !== 'created') throw new Error('expected created');
    expect(await store.orderRequest('o', created.order.id)).toBe(text);
    expect((await store.orderEvents('o', created.order.id, { after: null, limit: 10 }))?.events.map((e) => e.type)).toEqual(['created']);
  } finally {
    await store.close();
  }
}, 120_000);
