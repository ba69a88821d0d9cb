import type { Locator, Page } from '@playwright/test';
import { expect, orderStatus, test } from './fixtures.ts';
import { refundDialog } from './support/refund-dialog.ts';

// Notifications stay out of the way: bottom right, at most three, never over the header,
// a dialog's close button, the Refund button or the reason it is disabled.

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${what} is not on screen`);
  return box;
}

/** Moves the order with the Simulate menu; each move shows an "Order moved" notification. */
async function simulate(page: Page, label: string, status: string): Promise<void> {
  await page.getByRole('button', { name: 'Simulate' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label} ${status}`) }).click();
  await expect(orderStatus(page)).toHaveText(status);
}

async function expectClear(toasts: Locator, keepClear: [string, Locator][]): Promise<void> {
  const keep: [string, Box][] = [];
  for (const [what, locator] of keepClear) keep.push([what, await boxOf(locator, what)]);
  await expect(toasts.first()).toBeVisible();
  const shown = await toasts.all();
  expect(shown.length, 'notifications on screen at once').toBeLessThanOrEqual(3);
  // Each closes by itself after a few seconds: one that has just gone is not measured.
  const boxes = (await Promise.all(shown.map((toast) => toast.boundingBox({ timeout: 1_000 }).catch(() => null)))).filter((box) => box !== null);
  expect(boxes.length).toBeGreaterThan(0);
  for (const box of boxes) {
    for (const [what, kept] of keep) expect(overlaps(box, kept), `a notification covers ${what}`).toBe(false);
  }
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: four moves, at most three notices, none over the header, the Refund button or its reason`, async ({ page, api, sandbox }) => {
    test.skip(!sandbox, 'the notices come from the sandbox Simulate menu');
    await page.setViewportSize(viewport);
    const order = await api.createOrder();
    await page.goto(`/orders/${order.id}`);
    await expect(orderStatus(page)).toHaveText('new');

    await simulate(page, 'Data completed', 'data_completed');
    await simulate(page, 'Checking', 'checking');
    await simulate(page, 'Accepted', 'accepted');
    await simulate(page, 'Error', 'error');

    const toasts = page.getByRole('alert').filter({ hasText: 'Order moved' });
    await expectClear(toasts, [
      ['the header', page.getByRole('banner')],
      ['the Refund button', page.getByRole('button', { name: 'Refund' })],
      ['the reason Refund is disabled', page.getByText('Refunds are possible only for activated orders (this order is error)', { exact: true })],
    ]);
  });
}

test("no notice covers a dialog's close button", async ({ page, api, sandbox }) => {
  test.skip(!sandbox, 'the notices come from the sandbox Simulate menu');
  await page.setViewportSize({ width: 1280, height: 720 });
  const order = await api.createOrder();
  await page.goto(`/orders/${order.id}`);
  await simulate(page, 'Data completed', 'data_completed');
  await simulate(page, 'Accepted', 'accepted');
  await simulate(page, 'Activated', 'activated');
  await page.getByRole('button', { name: 'Refund' }).click();

  await expectClear(page.getByRole('alert').filter({ hasText: 'Order moved' }), [['the dialog’s close button', refundDialog(page).getByRole('button', { name: 'Close' })]]);
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: a rejected token turns the header chip red, and its notice stays off the create form's Create order button`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Local sandbox' }).or(page.getByRole('region', { name: 'E2E target' }));
    await card.getByRole('button', { name: /^Edit / }).click();
    const editor = page.getByRole('dialog', { name: /^Edit / });
    await editor.getByRole('textbox', { name: 'Token', exact: true }).fill('not-the-right-token');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect(editor).toBeHidden();

    await page.goto('/orders/new');
    const chip = page.getByRole('banner').getByRole('link', { name: /^Active environment: / });
    await expect(chip).not.toHaveAccessibleName(/token rejected/);
    const bar = page.getByRole('toolbar', { name: 'Form actions' });
    if (viewport.width < 768) {
      await bar.getByRole('button', { name: 'More form actions' }).click();
      await page.getByRole('menuitem', { name: 'Fill with sample data' }).click();
    } else {
      await bar.getByRole('button', { name: 'Fill with sample data' }).click();
    }
    const create = bar.getByRole('button', { name: 'Create order' });
    await create.click();

    const notice = page.getByRole('alert').filter({ hasText: 'Token rejected' });
    await expect(notice).toBeVisible();
    await expect(chip).toHaveAccessibleName(/\(token rejected\)$/);
    await expectClear(notice, [
      ['the Create order button', create],
      ['the header', page.getByRole('banner')],
    ]);
    // Still an action a person can take: the button answers a click, not the notice.
    await create.click({ trial: true, timeout: 2_000 });
  });
}
