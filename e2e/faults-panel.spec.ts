import { expect, field, test } from './support/fault-test.ts';
import { seriousViolations } from './support/axe.ts';

// The Faults page arms and disarms D13 rules for the token; the header says so on every
// page while any is armed, on a phone too.

test('a preset arms in one click; the header shows it on every page until it is disarmed', async ({ page, faults }) => {
  await page.goto('/faults');
  await expect(page.getByText('Nothing armed')).toBeVisible();
  await expect(page.getByTestId('faults-indicator')).toHaveCount(0);

  await page.getByRole('button', { name: 'Arm: Lose the answer of the next refund' }).click();
  const armed = page.getByRole('list', { name: 'Armed faults' });
  await expect(armed.getByRole('listitem')).toHaveCount(1);
  await expect(armed).toContainText('Refund: done, then the answer is lost');
  await expect(armed).toContainText('fires once more');
  expect(await faults.list()).toMatchObject([{ operation: 'refund', effect: { kind: 'lose_answer' }, remaining: 1 }]);

  const indicator = page.getByTestId('faults-indicator');
  await expect(indicator).toHaveAccessibleName('1 fault armed: open Faults');
  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(indicator).toBeVisible();
  await indicator.click();
  await expect(page).toHaveURL(/\/faults$/);

  await armed.getByRole('button', { name: 'Disarm: Refund: done, then the answer is lost' }).click();
  await expect(page.getByText('Nothing armed')).toBeVisible();
  await expect(indicator).toHaveCount(0);
  expect(await faults.list()).toEqual([]);
});

test('on the orders page the header counts armed rules without loading the order page’s code', async ({ page, faults }) => {
  // The contract's schemas (zod) come with the order page's chunk, and the list page's JS
  // heap held ~2 MB more when the header's extras loaded it to count rules.
  await faults.arm({ operation: 'read', effect: { kind: 'status', status: 503 } });
  await faults.arm({ operation: 'create', effect: { kind: 'delay', ms: 10 } });
  await page.goto('/orders');
  await expect(page.getByTestId('faults-indicator')).toHaveAccessibleName('2 faults armed: open Faults');
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.endsWith('.js')));
  // The indicator is the header's extras' (with the notices): that chunk ran, the order's did not.
  expect(scripts.filter((path) => /\/header-extras-/.test(path))).toHaveLength(1);
  expect(scripts.filter((path) => /\/order-first-screen-/.test(path))).toEqual([]);

  // The Faults page still reads the rules themselves, checked against the contract.
  await page.getByTestId('faults-indicator').click();
  await expect(page.getByRole('list', { name: 'Armed faults' }).getByRole('listitem')).toHaveCount(2);
});

test('the header counts down as a rule fires, without a reload', async ({ page, api, faults }) => {
  // A canceled order is read once, never polled: the read rule fires exactly once.
  const order = await api.createOrder();
  await api.setStatus(order.id, 'canceled');
  await faults.arm({ operation: 'create', effect: { kind: 'status', status: 503 } });
  await faults.arm({ operation: 'read', order_id: order.id, effect: { kind: 'delay', ms: 1 } });
  await page.goto('/orders');
  const indicator = page.getByTestId('faults-indicator');
  await expect(indicator).toHaveAccessibleName('2 faults armed: open Faults');

  await page.getByLabel('Order id or external id').fill(order.id);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
  await expect(indicator).toHaveAccessibleName('1 fault armed: open Faults');

  await indicator.click();
  const armed = page.getByRole('list', { name: 'Armed faults' });
  await expect(armed.getByRole('listitem')).toHaveCount(1);
  await expect(armed).toContainText('Create: answers HTTP 503, nothing done');
});

test('the custom rule form refuses what the sandbox would, on the field, and keeps what was typed', async ({ page, faults }) => {
  await page.goto('/faults');
  const form = page.getByRole('region', { name: 'Custom rule' });
  await form.locator('[name="operation"]').selectOption('refund');
  await field(form, 'effect.status').fill('200');
  await field(form, 'times').fill('3');
  await form.getByRole('button', { name: 'Arm rule' }).click();
  await expect(field(form, 'effect.status')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('A fault answers an error status (400-599), not a success');
  await expect(field(form, 'times')).toHaveValue('3');
  await expect(form.locator('[name="operation"]')).toHaveValue('refund');

  await field(form, 'order_id').fill('not-a-uuid');
  await field(form, 'effect.status').fill('429');
  await form.getByRole('button', { name: 'Arm rule' }).click();
  await expect(form).toContainText('Must be a UUID');
  await expect(field(form, 'order_id')).toHaveValue('not-a-uuid');
  expect(await faults.list()).toEqual([]);

  // A well-formed id of no order: only the sandbox knows; its 400 lands on the same field.
  await field(form, 'order_id').fill('00000000-0000-4000-8000-000000000000');
  await form.getByRole('button', { name: 'Arm rule' }).click();
  await expect(form).toContainText('No order with this id.');
  await expect(field(form, 'order_id')).toHaveAttribute('aria-invalid', 'true');

  await field(form, 'order_id').fill('');
  await field(form, 'effect.retry_after').fill('30');
  await form.getByRole('button', { name: 'Arm rule' }).click();
  const armed = page.getByRole('list', { name: 'Armed faults' });
  await expect(armed).toContainText('Refund: answers HTTP 429 with Retry-After 30 s, nothing done');
  await expect(armed).toContainText('fires 3 more times');

  await page.getByRole('button', { name: 'Arm: Next create answers 503' }).click();
  await expect(armed.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('faults-indicator')).toHaveAccessibleName('2 faults armed: open Faults');
  await page.getByRole('button', { name: 'Disarm all' }).click();
  await expect(page.getByText('Nothing armed')).toBeVisible();
  expect(await faults.list()).toEqual([]);
});

test('on a 390 px phone the header shows the armed count beside the title, the chip and the colour toggle', async ({ page, faults }) => {
  await faults.arm({ operation: 'create', effect: { kind: 'status', status: 503 } });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders');
  const header = page.getByRole('banner');
  const indicator = header.getByTestId('faults-indicator');
  await expect(indicator).toHaveAccessibleName('1 fault armed: open Faults');
  await expect(indicator).toHaveText('1', { useInnerText: true });
  for (const part of [indicator, header.getByRole('button', { name: /colour scheme/ }), header.getByRole('heading', { name: 'Order Console' })]) {
    const box = await part.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 390, `${await part.textContent()} within the 390 px screen`).toBe(true);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Faults page with rules armed and a refused custom rule has no serious accessibility violation (${scheme})`, async ({ page, faults }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await faults.arm({ operation: 'any', effect: { kind: 'status', status: 429 }, times: 5 });
    await page.goto('/faults');
    await expect(page.getByTestId('faults-indicator')).toBeVisible();
    const form = page.getByRole('region', { name: 'Custom rule' });
    await field(form, 'times').fill('0');
    await form.getByRole('button', { name: 'Arm rule' }).click();
    await expect(field(form, 'times')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
