import type { Page } from '@playwright/test';
import type { FaultRuleRequest } from '../src/contract/faults.ts';
import type { OrderApi } from './fixtures.ts';
import { expect, orderAmount, orderStatus, recordApiRequests, test, uniqueId } from './support/fault-test.ts';
import type { FaultApi } from './support/faults.ts';
import { fillRefund } from './support/refund-dialog.ts';

// A refund the sandbox fails on purpose (D13). Each rule names the test's own order.

/** An activated order of 80.00 with `rule` armed on its refunds, open in the console. */
async function openWithRefundFault({ page, api, faults }: { page: Page; api: OrderApi; faults: FaultApi }, rule: Omit<FaultRuleRequest, 'operation' | 'order_id'>) {
  const order = await api.createOrder({ order_data: { amount: '80.00' } });
  await api.setStatus(order.id, 'activated');
  await faults.arm({ operation: 'refund', order_id: order.id, ...rule });
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('activated');
  return order;
}

const refundPosts = (requests: { method: string; url: string }[]) => requests.filter((r) => r.method === 'POST' && r.url.endsWith('/refund/'));

test('the answer to a refund is lost: the dialog reads the order and says it went through, once', async ({ page, api, faults, baseURL }) => {
  const order = await openWithRefundFault({ page, api, faults }, { effect: { kind: 'lose_answer' } });
  const requests = recordApiRequests(page, baseURL ?? '');

  const dialog = await fillRefund(page, { amount: '30.00', externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  await expect(dialog.getByRole('alert').filter({ hasText: 'The refund went through' })).toContainText('refunded amount is now 30.00');
  await expect(dialog).toContainText('The answer to the refund was lost, but the order shows it was made. 50.00 remains.');
  // The button under the outcome (the dialog's × is named Close too).
  await dialog.locator('button', { hasText: 'Close' }).click();
  await expect(orderAmount(page, 'current_amount')).toHaveText('50.00');

  expect(refundPosts(await requests())).toHaveLength(1);
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '30.00', current_amount: '50.00' });
});

test('a dropped refund: the dialog says it did not go through, and sending again with the same payment identifier works', async ({ page, api, faults, baseURL }) => {
  const order = await openWithRefundFault({ page, api, faults }, { effect: { kind: 'drop' } });
  const requests = recordApiRequests(page, baseURL ?? '');
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/refund/')) bodies.push(request.postData() ?? '');
  });

  const paymentIdentifier = uniqueId('PAY');
  const dialog = await fillRefund(page, { amount: '30.00', paymentIdentifier, externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const notice = dialog.getByRole('alert').filter({ hasText: 'The refund did not go through; you can try again' });
  await expect(notice).toContainText('Trying again sends the same payment identifier');
  // What happened, in its own words (a 500 reads differently, below).
  await expect(notice).toContainText('The service did not answer the refund: the connection closed or timed out before an answer came.');
  await expect(notice).not.toContainText('HTTP');
  await expect(dialog).toContainText(paymentIdentifier);
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '0.00', current_amount: '80.00' });

  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(orderAmount(page, 'current_amount')).toHaveText('50.00');

  expect(refundPosts(await requests())).toHaveLength(2);
  expect(bodies).toHaveLength(2);
  for (const body of bodies) expect(body).toContain(`"payment_identifier":"${paymentIdentifier}"`);
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '30.00', current_amount: '50.00' });
});

test('a refund answered 500: the dialog says the service answered 500 with its message, not "no answer", and offers the same safe retry', async ({ page, api, faults, baseURL }) => {
  const order = await openWithRefundFault({ page, api, faults }, { effect: { kind: 'status', status: 500 } });
  const requests = recordApiRequests(page, baseURL ?? '');
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/refund/')) bodies.push(request.postData() ?? '');
  });

  const paymentIdentifier = uniqueId('PAY');
  const dialog = await fillRefund(page, { amount: '30.00', paymentIdentifier, externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const notice = dialog.getByRole('alert').filter({ hasText: 'The refund did not go through; you can try again' });
  await expect(notice).toContainText('The service answered the refund with HTTP 500: A server error occurred.');
  await expect(notice).not.toContainText('did not answer');
  await expect(notice).toContainText('Trying again sends the same payment identifier');
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '0.00', current_amount: '80.00' });

  await dialog.getByRole('button', { name: 'Confirm refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(orderAmount(page, 'current_amount')).toHaveText('50.00');
  expect(refundPosts(await requests())).toHaveLength(2);
  for (const body of bodies) expect(body).toContain(`"payment_identifier":"${paymentIdentifier}"`);
});

test('a refund answered 429 with Retry-After: the dialog says when to try again, and nothing is resent by itself', async ({ page, api, faults, baseURL }) => {
  const order = await openWithRefundFault({ page, api, faults }, { effect: { kind: 'status', status: 429, retry_after: 30 }, times: 3 });
  const requests = recordApiRequests(page, baseURL ?? '');

  const dialog = await fillRefund(page, { amount: '30.00', externalId: uniqueId('REFUND') });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  await dialog.getByRole('button', { name: 'Confirm refund' }).click();

  const refusal = dialog.getByRole('alert').filter({ hasText: 'HTTP 429' });
  await expect(refusal).toContainText('Try again in 30 seconds');
  await expect(refusal).toContainText('Nothing was refunded, and nothing is sent again by itself');
  // The order was read again after the refusal: by then an automatic resend would have gone out.
  await expect(refusal).toContainText('its refunded amount is still 0.00');
  expect(refundPosts(await requests())).toHaveLength(1);
  expect((await faults.list())[0]?.remaining).toBe(2);
  expect(await api.getOrder(order.id)).toMatchObject({ refund_amount: '0.00', current_amount: '80.00' });
});
