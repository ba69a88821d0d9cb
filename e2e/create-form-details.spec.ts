import type { Page } from '@playwright/test';
import { expect, field, orderStatus, settled, test, uniqueId } from './fixtures.ts';

// The create form as a new user meets it: a phone's action bar, a production environment,
// validation timing and the placeholders of invalid inputs, and amounts typed with a decimal comma.

/** The DOM as far as the colour check reads it (the e2e project is typed without the DOM library). */
interface StyledElement {
  ownerDocument: { defaultView: { getComputedStyle: (element: unknown, pseudo?: string) => { color: string; borderTopColor: string } } | null };
}

/** Marks the console's environment as production before the page loads (what Settings would store). */
async function asProduction(page: Page, sandbox: boolean) {
  const environment = { id: 'local-sandbox', name: 'Production EU', baseUrl: '', production: true, sandbox, rememberToken: false };
  await page.addInitScript(`localStorage.setItem('order-console:environments', ${JSON.stringify(JSON.stringify([environment]))});`);
}

test('on a 390 px phone the action bar is one primary button and a menu, with nothing scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/orders/new');
  const bar = page.getByRole('toolbar', { name: 'Form actions' });
  await expect(bar.getByRole('button', { name: 'Create order' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Fill with sample data' })).toBeHidden();
  await expect(bar.getByRole('button')).toHaveCount(2);
  const barBox = await bar.boundingBox();
  expect(barBox!.height).toBeLessThan(70);

  await bar.getByRole('button', { name: 'More form actions' }).click();
  await page.getByRole('menuitem', { name: 'Fill with sample data' }).click();
  await expect(field(page, 'order_external_id')).not.toHaveValue('');
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

  await bar.getByRole('button', { name: 'Create order' }).click();
  await expect(orderStatus(page)).toHaveText('new');
});

test('production: no sample data; Create order asks, naming the environment and the amount typed with a comma', async ({ page, api, sandbox }) => {
  await asProduction(page, sandbox);
  await page.goto('/orders/new');
  await expect(page.getByRole('button', { name: 'Import JSON' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fill with sample data' })).toHaveCount(0);

  const externalId = uniqueId('E2E-PROD');
  await field(page, 'order_external_id').fill(`  ${externalId} `);
  await field(page, 'return_url').fill('https://shop.example.test/return');
  await field(page, 'order_data.eshop_external_id').fill('ESHOP-1');
  await field(page, 'order_data.amount').fill('1234,5');
  await field(page, 'order_data.amount').press('Tab');
  // D11: the decimal comma becomes a dot as the person leaves the field, visibly.
  await expect(field(page, 'order_data.amount')).toHaveValue('1234.5');

  const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/psp/v2/order/');
  await page.getByRole('button', { name: 'Create order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a real order on Production EU?' });
  await expect(dialog.getByTestId('confirm-amount')).toHaveText('1234.50');
  await expect(dialog).toContainText(externalId);
  await settled(dialog);
  await dialog.getByRole('button', { name: 'Create order on Production EU' }).click();

  const response = await created;
  expect(response.request().postDataJSON()).toMatchObject({ order_external_id: externalId, order_data: { amount: '1234.5' } });
  await expect(orderStatus(page)).toHaveText('new');
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect(await api.getOrder(id)).toMatchObject({ external_id: externalId, initial_amount: '1234.50' });
});

test('tabbing through the form paints nothing red; a submit does, and placeholders keep their colour', async ({ page }) => {
  await page.goto('/orders/new');
  await field(page, 'order_external_id').focus();
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Create order' }).click();
  const amount = field(page, 'order_data.amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  const colours = await amount.evaluate((input: StyledElement) => {
    const view = input.ownerDocument.defaultView;
    if (view === null) throw new Error('no window');
    return { placeholder: view.getComputedStyle(input, '::placeholder').color, border: view.getComputedStyle(input).borderTopColor };
  });
  // The border says it is wrong; the placeholder ("120.50") must not read as a wrong value.
  expect(colours.placeholder).not.toBe(colours.border);
});

test("return_url's placeholder suggests the sandbox return page, a page this server answers (as the sample data does)", async ({ page, request, baseURL, api }) => {
  await page.goto('/orders/new');
  const suggested = `${baseURL ?? ''}/sandbox/return`;
  await expect(field(page, 'return_url')).toHaveAttribute('placeholder', suggested);
  // Where the checkout sends the customer back: this server answers it with the order's result.
  const order = await api.createOrder();
  expect((await request.get(`${suggested}?order_id=${order.id}&status=new`)).status()).toBe(200);
});
