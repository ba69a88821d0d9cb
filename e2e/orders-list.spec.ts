import { expect, orderStatus, test, uniqueId } from './fixtures.ts';

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

  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${prefix}`));
  const rows = table.getByRole('row').filter({ hasText: prefix });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: first.external_id }).getByTestId('order-status')).toHaveText('new');
  await expect(rows.filter({ hasText: second.external_id }).getByTestId('order-status')).toHaveText('activated');

  await page.getByRole('combobox', { name: 'Status' }).selectOption('activated');
  await expect(page).toHaveURL(/[?&]status=activated/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second.external_id);

  await page.getByRole('combobox', { name: 'Status' }).selectOption('canceled');
  await expect(page.getByRole('heading', { name: 'No orders match' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

  await page.getByRole('searchbox', { name: 'Search' }).fill(first.id);
  await expect(rows).toHaveCount(1);
  await rows.getByRole('link', { name: first.external_id }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${first.id}$`));
  await expect(orderStatus(page)).toHaveText('new');
});

test('open by id goes to the order, and refuses what is not an order id', async ({ page, api }) => {
  const order = await api.createOrder();
  await page.goto('/orders');
  const open = page.getByRole('form', { name: 'Open an order by id' });

  await open.getByRole('textbox', { name: 'Order id' }).fill('not-an-id');
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(open.getByRole('textbox', { name: 'Order id' })).toHaveAccessibleDescription(/That is not an order id/);
  await expect(page).toHaveURL(/\/orders$/);

  await open.getByRole('textbox', { name: 'Order id' }).fill(` ${order.id.toUpperCase()} `);
  await open.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
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
