import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fault-test.ts';
import type { OrderApi } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

// Refunds of many orders from a CSV file (personal mode). Fault specs' fixtures: the
// second test arms a delay on one order's refund to hold it in flight while the page reloads.

const ACCOUNT = 'CZ6508000000192000145399';

async function activated(api: OrderApi, amount: string) {
  const order = await api.createOrder({ order_data: { amount } });
  await api.setStatus(order.id, 'activated');
  return order;
}

async function uploadFile(page: Page, lines: string[]) {
  await page.goto('/refunds/bulk');
  await page.getByLabel('Refund file (CSV)').setInputFiles({ name: 'refunds.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') });
  await expect(page.getByRole('table', { name: 'Rows of the file' })).toBeVisible();
}

const progress = (page: Page) => page.getByTestId('bulk-progress');
const outcomeOf = (page: Page, orderId: string) =>
  page.getByRole('table', { name: 'Refunds of the run' }).getByRole('row').filter({ hasText: orderId }).getByTestId('bulk-row-outcome');

test('upload good and bad rows, fix and drop, confirm: each refunded once, the result downloads as CSV', async ({ page, api }) => {
  const a = await activated(api, '50.00');
  const b = await activated(api, '30.00');
  const unpaid = await api.createOrder({ order_data: { amount: '10.00' } });
  await uploadFile(page, ['order_id,amount,reason', `${a.id},20.00,Double charge`, `${b.id},full,`, `${unpaid.id},5.00,Not paid`]);

  await expect(page.getByRole('list', { name: 'Problems, line 4' })).toContainText('this order is new');
  await expect(page.getByRole('list', { name: 'Problems, line 3' })).toContainText('reason is missing');
  await page.getByRole('textbox', { name: 'Destination account number' }).fill(ACCOUNT);
  await page.getByRole('textbox', { name: 'Reason, line 3' }).fill('Event cancelled');
  await page.getByRole('button', { name: 'Drop line 4' }).click();
  await expect(page.getByTestId('bulk-total')).toHaveText('2 of 2 rows ready · Total 50.00');

  await page.getByRole('button', { name: 'Review and confirm' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the bulk refund' });
  await expect(dialog).toContainText('Refund 2 orders, 50.00 in total');
  await dialog.getByRole('button', { name: 'Start refunds' }).click();

  await expect(progress(page)).toHaveText('2 of 2 done · 2 refunded · 0 refused · 0 skipped');
  await expect(page.getByText('Bulk refund finished')).toBeVisible();
  expect(await api.getOrder(a.id)).toMatchObject({ refund_amount: '20.00', current_amount: '30.00' });
  expect(await api.getOrder(b.id)).toMatchObject({ refund_amount: '30.00', status: 'refunded' });
  expect(await api.getOrder(unpaid.id)).toMatchObject({ refund_amount: '0.00' });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download result (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('line,order_id,amount,reason,outcome,detail,payment_identifier,external_id,refund_amount_after,current_amount_after');
  expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([`2,${a.id},20.00,Other: Double charge,refunded`, `3,${b.id},30.00,Other: Event cancelled,refunded`]);
  expect(csv).not.toContain('e2e-faults');
});

test('a reload while a refund is in flight: the run resumes, reads the order first, and refunds it exactly once', async ({ page, api, faults }) => {
  const first = await activated(api, '40.00');
  const held = await activated(api, '25.00');
  // The second refund answers late: the page is reloaded while it is on its way.
  await faults.arm({ operation: 'refund', order_id: held.id, effect: { kind: 'delay', ms: 10_000 } });
  const heldPosts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/order/${held.id}/refund/`)) heldPosts.push(request.postData() ?? '');
  });
  await uploadFile(page, ['order_id,amount,reason', `${first.id},full,Incident 7`, `${held.id},full,Incident 7`]);
  await page.getByRole('textbox', { name: 'Destination account number' }).fill(ACCOUNT);
  await page.getByRole('button', { name: 'Review and confirm' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Start refunds' }).click();
  await expect(outcomeOf(page, held.id)).toHaveText('sending');
  await expect(outcomeOf(page, first.id)).toHaveText('refunded');

  await page.reload();
  await expect(page.getByText('Bulk refund stopped')).toBeVisible();
  await expect(progress(page)).toContainText('1 of 2 done');
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(progress(page)).toHaveText('2 of 2 done · 2 refunded · 0 refused · 0 skipped');

  // Whichever of the requests for it reached the service first made the refund; another, carrying
  // the same payment identifier, was refused as a duplicate. Once the service has answered every one
  // (the delayed one is handled after its wait even though its page is gone), exactly one refund.
  const settled = async () => {
    const events = await api.events(held.id);
    return events.filter((e) => e.type === 'refunded' || e.type === 'refund_refused').length;
  };
  await expect.poll(settled, { timeout: 30_000 }).toBe(heldPosts.length);
  expect((await api.events(held.id)).filter((e) => e.type === 'refunded')).toHaveLength(1);
  expect(await api.getOrder(held.id)).toMatchObject({ refund_amount: '25.00', status: 'refunded' });
  expect(await api.getOrder(first.id)).toMatchObject({ refund_amount: '40.00' });
  // Every request for it carried the same identifiers.
  expect(new Set(heldPosts).size).toBe(1);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the checked rows, the confirmation and the result have no serious accessibility violations (${scheme})`, async ({ page, api }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const order = await activated(api, '12.00');
    await uploadFile(page, ['order_id,amount,reason', `${order.id},full,Duplicate`, 'nope,1.00,']);
    await expect(page.getByRole('list', { name: 'Problems, line 3' })).toContainText('reason is missing');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Destination account number' }).fill(ACCOUNT);
    await page.getByRole('button', { name: 'Review and confirm' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the bulk refund' });
    await expect(dialog).toBeVisible();
    await dialog.click({ trial: true });
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start refunds' }).click();
    await expect(progress(page)).toHaveText('1 of 1 done · 1 refunded · 0 refused · 0 skipped');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
