import type { Page } from '@playwright/test';
import { expect, field, namedValues, orderStatus, recordApiRequests, test } from './support/fault-test.ts';

// A create the sandbox fails on purpose (D13), through the real server, not a routed stub.

async function fillSampleForm(page: Page): Promise<{ externalId: string; before: Record<string, string> }> {
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  const form = page.getByRole('form', { name: 'New order' });
  return { externalId: await field(page, 'order_external_id').inputValue(), before: await namedValues(form) };
}

test('the create answers 503: a clear error, the form kept, and Retry creates exactly one order', async ({ page, api, faults, baseURL }) => {
  await faults.arm({ operation: 'create', effect: { kind: 'status', status: 503 } });
  const { externalId, before } = await fillSampleForm(page);

  await page.getByRole('button', { name: 'Create order' }).click();
  const unknown = page.getByRole('alert').filter({ hasText: 'Outcome unknown' });
  await expect(unknown).toContainText('HTTP 503: Service temporarily unavailable, try again later.');
  expect(await namedValues(page.getByRole('form', { name: 'New order' }))).toEqual(before);
  expect(await api.listOrders({ q: externalId })).toEqual([]);
  expect(await faults.list()).toEqual([]);

  const requests = recordApiRequests(page, baseURL ?? '');
  await unknown.getByRole('button', { name: 'Retry' }).click();
  await expect(orderStatus(page)).toHaveText('new');
  await expect(page.getByRole('heading', { name: `Order ${externalId}` })).toBeVisible();
  expect((await requests()).filter((r) => r.method === 'POST')).toHaveLength(1);
  expect(await api.listOrders({ q: externalId })).toHaveLength(1);
});

test('the answer to a create is lost: Retry finds the order by its external id and sends nothing again', async ({ page, api, faults, baseURL }) => {
  await faults.arm({ operation: 'create', effect: { kind: 'lose_answer' } });
  const { externalId, before } = await fillSampleForm(page);

  await page.getByRole('button', { name: 'Create order' }).click();
  const unknown = page.getByRole('alert').filter({ hasText: 'Outcome unknown' });
  await expect(unknown).toBeVisible();
  expect(await namedValues(page.getByRole('form', { name: 'New order' }))).toEqual(before);
  // Made and committed; only the answer is gone.
  expect(await api.listOrders({ q: externalId })).toHaveLength(1);

  const requests = recordApiRequests(page, baseURL ?? '');
  await unknown.getByRole('button', { name: 'Retry' }).click();
  const found = page.getByRole('alert').filter({ hasText: 'The order was created after all' });
  await expect(found).toContainText(`The sandbox has an order with external id ${externalId}`);
  await expect(found).toContainText('Nothing was sent again.');
  await found.getByRole('button', { name: `Open order ${externalId}` }).click();
  await expect(orderStatus(page)).toHaveText('new');

  expect((await requests()).filter((r) => r.method === 'POST')).toEqual([]);
  expect(await api.listOrders({ q: externalId })).toHaveLength(1);
});
