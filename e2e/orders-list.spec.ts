import { expect, orderStatus, test, uniqueId } from './fixtures.ts';

/** The DOM as far as these tests read it (the e2e project is typed without the DOM library). */
interface StyledElement {
  ownerDocument: { defaultView: { getComputedStyle: (element: unknown, pseudo?: string) => { content: string } } | null };
}

// Other tests create orders at the same time under the same token, so each test here finds its own
// by a unique prefix of their external ids.

test('created orders appear in the sandbox list; status filter and search narrow it', async ({ page, api }) => {
  const prefix = uniqueId('E2E-LIST');
  const first = await api.createOrder({ order_external_id: `${prefix}-A` });
  const second = await api.createOrder({ order_external_id: `${prefix}-B` });
  await api.setStatus(second.id, 'activated');

  await page.goto('/orders');
  const table = page.getByRole('table', { name: 'All sandbox orders' });
  await expect(table.getByRole('row').filter({ hasText: second.external_id })).toBeVisible();

  const lookup = page.getByRole('searchbox', { name: 'Order id or external id' });
  await lookup.fill(prefix);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
  const rows = table.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);
  // Rows carry order-row-status; order-status is the order page's alone (D10).
  await expect(rows.filter({ hasText: first.external_id }).getByTestId('order-row-status')).toHaveText('new');
  await expect(rows.filter({ hasText: second.external_id }).getByTestId('order-row-status')).toHaveText('activated');
  await expect(page.getByTestId('order-status')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('activated');
  await expect(page).toHaveURL(/[?&]status=activated/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second.external_id);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('canceled');
  await expect(page.getByRole('heading', { name: 'No orders match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(lookup).toHaveValue('');

  // Part of an id filters too (a whole one would open the order: see below).
  await lookup.fill(first.id.slice(0, 23));
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: first.external_id }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${first.id}$`));
  await expect(orderStatus(page)).toHaveText('new');
});

test('one lookup box: a UUID opens directly, Enter opens a single match, several are listed', async ({ page, api }) => {
  const prefix = uniqueId('E2E-LOOK');
  const one = await api.createOrder({ order_external_id: `${prefix}-1` });
  await api.createOrder({ order_external_id: `${prefix}-10` });
  await page.goto('/orders');
  const lookup = page.getByRole('search', { name: 'Find an order' }).getByRole('searchbox', { name: 'Order id or external id' });

  await lookup.fill(prefix);
  await lookup.press('Enter');
  await expect(lookup).toHaveAccessibleDescription(`2 orders match “${prefix}”: choose one below.`);
  await expect(page).toHaveURL(/\/orders\?/);

  // The exact external id wins over the other order that contains it.
  await lookup.fill(`${prefix}-1`);
  await lookup.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${one.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${one.external_id}` })).toBeVisible();

  // A UUID no list holds (another token's, a deleted one) still opens: the order page says what it finds.
  await page.goto('/orders?source=local');
  const unknown = crypto.randomUUID();
  await lookup.fill(` ${unknown.toUpperCase()} `);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${unknown}$`));
});

test('a long external id wraps in its row, and the row keeps its height', async ({ page, api }) => {
  const long = `${uniqueId('E2E-LONG')}`.padEnd(36, 'W');
  await api.createOrder({ order_external_id: long });
  await page.goto(`/orders?q=${long}`);
  const link = page.getByRole('table', { name: 'All sandbox orders' }).getByRole('link', { name: long });
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  const row = await page.getByRole('table', { name: 'All sandbox orders' }).getByRole('row').filter({ hasText: long }).boundingBox();
  expect(box).not.toBeNull();
  // Two lines inside the 44 px row rather than one cut-off line.
  expect(box!.height).toBeGreaterThan(30);
  expect(row!.height).toBeLessThanOrEqual(45);
  expect(await link.getAttribute('title')).toBe(long);
});

test('on a 390 px phone the rows are cards with status and amounts, and nothing scrolls sideways', async ({ page, api }) => {
  const prefix = uniqueId('E2E-CARD');
  const order = await api.createOrder({ order_external_id: `${prefix}-A`, order_data: { amount: '1234.50' } });
  await api.setStatus(order.id, 'activated');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orders?q=${prefix}`);
  const card = page.getByRole('table', { name: 'All sandbox orders' }).getByRole('row').filter({ hasText: order.external_id });
  await expect(card.getByTestId('order-row-status')).toHaveText('activated');
  // The amounts, each with its label (drawn by CSS, since the column headers are hidden on a phone).
  const amounts = card.getByRole('cell').filter({ hasText: '1234.50' });
  await expect(amounts).toHaveCount(2);
  for (const [index, label] of ['Current', 'Initial'].entries()) {
    await expect(amounts.nth(index)).toBeVisible();
    expect(await amounts.nth(index).evaluate((cell: StyledElement) => cell.ownerDocument.defaultView?.getComputedStyle(cell, '::before').content)).toBe(`"${label}"`);
  }
  for (const element of [card.getByTestId('order-row-status'), card.getByRole('link', { name: order.external_id })]) {
    const box = await element.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  const scrollWidth = await page.evaluate('document.documentElement.scrollWidth');
  expect(scrollWidth).toBeLessThanOrEqual(390);
  await amounts.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
});

test('orders opened in this browser are listed under "Opened in this browser"', async ({ page, api, sandbox }) => {
  const opened = await api.createOrder();
  const other = await api.createOrder();
  await page.goto(`/orders/${opened.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  // Without a sandbox there is no other list, so no tabs either.
  if (sandbox) await page.getByRole('tab', { name: 'Opened in this browser' }).click();
  const table = page.getByRole('table', { name: 'Orders opened in this browser' });
  await expect(table.getByRole('row').filter({ hasText: opened.external_id })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: other.external_id })).toHaveCount(0);
});
