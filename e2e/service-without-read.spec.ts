import { MAX_FAULT_TIMES } from '../src/contract/faults.ts';
import { expect, field, orderAmount, orderStatus, test } from './support/fault-test.ts';

// A real Order Service may have no read of one order (the document shows none, D9). Here
// that service is the suite's sandbox behind the proxy-mode server (ORDER_SERVICE_URL), with every GET
// of one order answered as Django REST Framework answers a route without GET: 405 "Method "GET" not
// allowed." (a fault rule of this worker's own token, so no other test is touched). A rule fires only for
// an order of the token, so Settings' connection test (a made-up order id) is covered by
// src/console/features/settings/connection-test.test.ts instead, against the real sandbox's create.

test('a service without a read: the order says status unknown, and a refund goes; the answer is the new state', async ({ page, target, api, faults }) => {
  test.skip(target.proxyBaseURL === null, 'needs the local servers: the suite starts its proxy only when it starts the sandbox');
  test.setTimeout(90_000);
  const proxy = target.proxyBaseURL ?? '';
  await faults.arm({ operation: 'read', effect: { kind: 'status', status: 405 }, times: MAX_FAULT_TIMES });

  // Create through the console: the create's answer is the last record this browser receives.
  await page.goto(`${proxy}/orders/new`);
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  await field(page, 'order_data.amount').fill('80.00');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(orderStatus(page)).toHaveText('new');
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

  // The first poll meets the missing route: said plainly, not "this order is new" forever.
  const notice = page.getByRole('alert').filter({ hasText: 'Status unknown: this service cannot be asked' });
  await expect(notice).toContainText('answered HTTP 405 for the route itself (not "no such order")', { timeout: 15_000 });
  await expect(page.getByTestId('status-unknown')).toHaveText('status unknown: this service cannot be asked');

  // The customer pays elsewhere; the console cannot know, and lets the service decide.
  await api.setStatus(id, 'activated');
  const refund = page.getByRole('button', { name: 'Refund' });
  await expect(refund).toBeEnabled();
  await refund.click();
  const dialog = page.getByRole('dialog', { name: /^Refund order / });
  await expect(dialog.getByRole('alert').filter({ hasText: 'The service decides whether this order can be refunded' })).toContainText('last received: new');
  await dialog.getByText('Partial', { exact: true }).click();
  await field(dialog, 'amount').fill('30');
  await field(dialog, 'destination_account_number').fill('CZ6508000000192000145399');
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();

  // The service's answer is the known state now: activated, 50.00 left.
  await expect(orderStatus(page)).toHaveText('activated');
  await expect(orderAmount(page, 'current_amount')).toHaveText('50.00');
  await faults.disarmAll();
  expect(await api.getOrder(id)).toMatchObject({ status: 'activated', refund_amount: '30.00', current_amount: '50.00' });
});
