import type { Page } from '@playwright/test';
import { AMOUNT_MESSAGE, BLANK_MESSAGE, VAT_MESSAGE } from '../src/contract/fields.ts';
import { expect, field, orderStatus, recordApiRequests, test, uniqueId } from './fixtures.ts';

// Every constraint of the create form, table-driven: the value just outside is refused on its own
// input and nothing is sent; the value just inside is accepted. After the table, Create order sends
// one request with the last accepted values, and the service takes them.

interface Row {
  /** The input's name: the JSON path of the field (D10). */
  path: string;
  outside: string;
  inside: string;
  /** What the input says about the outside value. */
  message: string;
}

const URL_MESSAGE = 'Enter an absolute URL starting with http:// or https://';
const atMost = (n: number) => `At most ${n} characters`;
/** 36 characters, unique: order_external_id must be new for every order. */
const externalId36 = () => uniqueId('E2E-LEN').padEnd(36, 'x');

const TABLES: Record<string, () => Row[]> = {
  'decimal amounts': () => [
    { path: 'order_data.amount', outside: '123456789.00', inside: '12345678.99', message: AMOUNT_MESSAGE },
    { path: 'order_data.amount', outside: '10.001', inside: '10.01', message: AMOUNT_MESSAGE },
    { path: 'order_data.amount', outside: '.', inside: '.5', message: AMOUNT_MESSAGE },
    { path: 'order_data.amount', outside: '0.00', inside: '0.01', message: 'Must be greater than 0' },
    { path: 'items.0.amount', outside: '-123456789', inside: '-12345678.99', message: AMOUNT_MESSAGE },
    // D11: a decimal comma is a dot (39,90 is 39.90); three decimals stay refused either way.
    { path: 'transaction_history.0.amount', outside: '39,905', inside: '39,90', message: AMOUNT_MESSAGE },
  ],
  'lengths and blanks': () => {
    const id = externalId36();
    return [
      { path: 'order_external_id', outside: `${id}x`, inside: id, message: atMost(36) },
      { path: 'payment_identifier', outside: 'P'.repeat(141), inside: 'P'.repeat(140), message: atMost(140) },
      { path: 'order_data.eshop_external_id', outside: '   ', inside: 'S', message: BLANK_MESSAGE },
      // Characters are counted as code points, as the service (Python) counts them.
      { path: 'order_data.eshop_external_id', outside: '€'.repeat(35) + '😀😀', inside: '€'.repeat(35) + '😀', message: atMost(36) },
      { path: 'items.0.name', outside: 'n'.repeat(256), inside: 'n'.repeat(255), message: atMost(255) },
      { path: 'items.0.product_id', outside: 'p'.repeat(256), inside: 'p'.repeat(255), message: atMost(255) },
      { path: 'transaction_history.0.eshop_external_id', outside: 'e'.repeat(37), inside: 'e'.repeat(36), message: atMost(36) },
      { path: 'transaction_history.0.transaction_id', outside: '', inside: 'TX-1', message: BLANK_MESSAGE },
    ];
  },
  'quantity, VAT and MCC': () => [
    { path: 'items.0.quantity', outside: '0', inside: '1', message: 'At least 1' },
    { path: 'items.0.quantity', outside: '1.5', inside: '2', message: 'Must be a whole number' },
    { path: 'items.0.quantity', outside: '', inside: '3', message: 'Quantity is required' },
    { path: 'items.0.vat', outside: '100', inside: '99.99', message: VAT_MESSAGE },
    { path: 'items.0.vat', outside: '21.555', inside: '21.55', message: VAT_MESSAGE },
    { path: 'transaction_history.0.mcc', outside: '54.11', inside: '5411', message: 'Must be a whole number' },
  ],
  'return URL': () => [
    { path: 'return_url', outside: 'ftp://shop.example.test/return', inside: 'http://shop.example.test/return', message: URL_MESSAGE },
    { path: 'return_url', outside: 'shop.example.test/return', inside: 'https://shop.example.test/return?cart=1', message: URL_MESSAGE },
    { path: 'return_url', outside: 'https://', inside: 'https://s', message: URL_MESSAGE },
  ],
  'choices and dates': () => [
    { path: 'items.0.type', outside: '', inside: 'discount', message: 'This field is required' },
    { path: 'transaction_history.0.payment_type', outside: '', inside: 'wire_transfer', message: 'This field is required' },
    { path: 'transaction_history.0.date', outside: '', inside: '2024-02-29', message: 'Date is required' },
  ],
};

async function setValue(page: Page, path: string, value: string): Promise<void> {
  const input = field(page, path);
  // Focused first, so leaving it is a real blur, as when a person picks an option and tabs on.
  await input.focus();
  if ((await page.locator(`select[name="${path}"]`).count()) > 0) await input.selectOption(value);
  else await input.fill(value);
  await input.blur();
}

async function expectRefused(page: Page, path: string, message: string): Promise<void> {
  const input = field(page, path);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(escape(message)));
}

async function expectAccepted(page: Page, path: string): Promise<void> {
  await expect(field(page, path)).not.toHaveAttribute('aria-invalid', 'true');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Clicking Create order with an invalid form focuses the first refused input and sends nothing: no
 * write at all. Reads may happen meanwhile (the header's faults indicator reads the armed rules once
 * the page has loaded); they are not what the form sends.
 */
async function submitRefused(page: Page, sent: () => Promise<{ method: string }[]>): Promise<void> {
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("aria-invalid")')).toBe('true');
  expect((await sent()).filter((request) => request.method !== 'GET')).toEqual([]);
}

for (const [group, table] of Object.entries(TABLES)) {
  test(`create form: ${group} refuse the value just outside and accept the one just inside`, async ({ page, baseURL }) => {
    const rows = table();
    const requests = recordApiRequests(page, baseURL ?? '');
    const creates = async () => (await requests()).filter((r) => r.method === 'POST' && new URL(r.url).pathname === '/psp/v2/order/');
    await page.goto('/orders/new');
    await page.getByRole('button', { name: 'Fill with sample data' }).click();

    for (const row of rows) {
      await test.step(`${row.path}: ${JSON.stringify(row.outside.slice(0, 40))} refused, ${JSON.stringify(row.inside.slice(0, 40))} accepted`, async () => {
        await setValue(page, row.path, row.outside);
        await expectRefused(page, row.path, row.message);
        await submitRefused(page, creates);
        await setValue(page, row.path, row.inside);
        await expectAccepted(page, row.path);
      });
    }

    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(orderStatus(page)).toHaveText('new');
    expect(await creates()).toHaveLength(1);
  });
}

test('create form: imported values outside the enums and the calendar are refused on their inputs', async ({ page, baseURL, sampleOrder }) => {
  const requests = recordApiRequests(page, baseURL ?? '');
  const body = {
    ...sampleOrder({ service: 'paypal' as never }),
    transaction_history: [
      { date: '2025-02-29', transaction_id: 'TX-1', eshop_external_id: 'S', amount: '1.00', is_canceled: false, payment_type: 'card' },
      { date: '2026-04-31', transaction_id: 'TX-2', eshop_external_id: 'S', amount: '1.00', is_canceled: false, payment_type: 'cheque' },
    ],
  };
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'Import JSON' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import JSON' });
  await dialog.getByLabel('Request body').fill(JSON.stringify(body));
  await dialog.getByRole('button', { name: 'Import into the form' }).click();

  await expectRefused(page, 'service', '"paypal" is not a valid choice');
  await expectRefused(page, 'transaction_history.0.date', 'Not a real calendar date');
  await expectRefused(page, 'transaction_history.1.date', 'Not a real calendar date');
  await expectRefused(page, 'transaction_history.1.payment_type', '"cheque" is not a valid choice');
  await submitRefused(page, requests);

  await field(page, 'service').selectOption('pay-in-three');
  await field(page, 'transaction_history.0.date').fill('2024-02-29');
  await field(page, 'transaction_history.1.date').fill('2026-04-30');
  await field(page, 'transaction_history.1.payment_type').selectOption('other');
  for (const path of ['service', 'transaction_history.0.date', 'transaction_history.1.date', 'transaction_history.1.payment_type']) {
    await expectAccepted(page, path);
  }
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(orderStatus(page)).toHaveText('new');
  await expect(page.getByText('pay-in-three', { exact: true })).toBeVisible();
});

test('create form: while a row field is being fixed, its error line keeps its place, so the rows below stay put', async ({ page }) => {
  await page.goto('/orders/new');
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  const amount = field(page, 'items.0.amount');
  const next = page.getByRole('group', { name: 'Item 2' });
  const top = async () => (await next.boundingBox())?.y ?? Number.NaN;

  await setValue(page, 'items.0.amount', '123456789');
  await expectRefused(page, 'items.0.amount', AMOUNT_MESSAGE);
  const withError = await top();

  await amount.focus();
  await amount.press('Backspace');
  await expectAccepted(page, 'items.0.amount');
  expect(await top()).toBe(withError);
  await amount.press('9');
  await expectRefused(page, 'items.0.amount', AMOUNT_MESSAGE);
  expect(await top()).toBe(withError);

  // Fixed and left: the space goes back.
  await amount.press('Backspace');
  await amount.blur();
  await expect.poll(top).toBeLessThan(withError);
});
