import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BLANK_MESSAGE } from '../contract/fields.ts';
import { orderServicePaths } from '../contract/paths.ts';
import { createApp } from './app.ts';
import { ownerKey } from './auth.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';
import { call, moveOrder, orderBody, parseOrder, refundBody, uniqueExternalId } from './testing/http.ts';
import { testStoreLocation } from './testing/test-store.ts';

// docs/decisions.md D11 over HTTP: the sandbox strips leading and trailing whitespace of every string
// member and of decimal input before it validates, as a service built on Django REST Framework does,
// and keeps the stripped value.

const TOKEN = 'whitespace-token';
let store: Store;
let server: RunningServer;

beforeAll(async () => {
  store = await openStore(await testStoreLocation());
  server = await serveApp(createApp({ store, tokens: [TOKEN], log: () => undefined }));
}, 60_000);

afterAll(async () => {
  await server.close();
  await store.close();
});

const create = (body: unknown) => call(server.url, 'POST', orderServicePaths.orderCreate(), { token: TOKEN, json: body });
const refund = (id: string, body: unknown) => call(server.url, 'POST', orderServicePaths.orderRefund(id), { token: TOKEN, json: body });

describe('create (D11)', () => {
  test('" 5 " is 5, and spaces around a 36-character external id do not count toward its limit', async () => {
    const externalId = uniqueExternalId('ws').padEnd(36, 'x');
    const result = await create(
      orderBody({
        order_external_id: `  ${externalId}\t`,
        payment_identifier: ' PAY-1 ',
        order_data: { eshop_external_id: '\u00a0eshop-1 ', amount: ' 5 ' },
        items: [{ name: ' Mug ', quantity: 1, amount: '\t5\n', vat: ' 21 ', type: 'goods' }],
      }),
    );
    expect(result.status, result.text).toBe(201);
    const order = parseOrder(result);
    expect(order).toMatchObject({ external_id: externalId, initial_amount: '5.00', current_amount: '5.00' });
    expect((await store.getOrder(ownerKey(TOKEN), order.id))?.payment_identifier).toBe('PAY-1');
  });

  test('an external id with spaces around it is the same external id: a duplicate', async () => {
    const externalId = uniqueExternalId('ws-dup');
    expect((await create(orderBody({ order_external_id: externalId }))).status).toBe(201);
    const again = await create(orderBody({ order_external_id: ` ${externalId} ` }));
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ order_external_id: ['An order with this external ID already exists.'] });
  });

  test.each([
    ['order_external_id', { order_external_id: '\u3000 \t' }],
    ['order_data.amount', { order_data: { eshop_external_id: 'e', amount: '  ' } }],
  ])('%s blank once stripped is "%s"', async (path, overrides) => {
    const result = await create(orderBody(overrides));
    expect(result.status).toBe(400);
    const [top = path, member] = path.split('.');
    expect(result.json).toEqual(member === undefined ? { [top]: [BLANK_MESSAGE] } : { [top]: { [member]: [BLANK_MESSAGE] } });
  });

  test('what Python does not strip still counts: a byte order mark before the amount is refused', async () => {
    const result = await create(orderBody({ order_data: { eshop_external_id: 'e', amount: '\ufeff5' } }));
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ order_data: { amount: [expect.stringMatching(/^Enter an amount like/)] } });
  });
});

describe('refund (D11)', () => {
  test('a padded amount and identifiers are refunded stripped; the stripped identifier is then taken', async () => {
    const created = parseOrder(await create(orderBody({ order_data: { eshop_external_id: 'e', amount: '100.00' } })));
    await moveOrder(server.url, TOKEN, created.id, 'activated');
    const first = await refund(created.id, refundBody({ amount: ' 20.00 ', payment_identifier: '  RF-1 ', destination_account_number: ' CZ6508000000192000145399 ' }));
    expect(first.status, first.text).toBe(200);
    expect(parseOrder(first)).toMatchObject({ current_amount: '80.00', refund_amount: '20.00' });
    const again = await refund(created.id, refundBody({ payment_identifier: 'RF-1' }));
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ payment_identifier: ['A refund with this payment identifier already exists for this order.'] });
  });
});
