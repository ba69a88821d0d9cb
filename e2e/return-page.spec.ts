import { sandboxPaths } from '../src/contract/paths.ts';
import { expect, orderStatus, test } from './fixtures.ts';

// The sample return_url leads somewhere. The console's own server answers it with a page
// that says what happened at the checkout and links back to the order in the console.

test('checkout -> the return page says the order is activated -> its link opens the order in the console', async ({ page, api, sandbox, baseURL }) => {
  test.skip(!sandbox, 'the checkout and return pages are part of the sandbox, which this environment does not run');
  const returnUrl = `${baseURL ?? ''}${sandboxPaths.returnPage()}`;
  const order = await api.createOrder({ return_url: returnUrl });

  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');
  const popup = page.waitForEvent('popup');
  await page.getByRole('link', { name: 'Open checkout' }).click();
  const customer = await popup;
  await customer.getByRole('button', { name: 'Approve' }).click();

  await expect(customer).toHaveURL(`${returnUrl}?order_id=${order.id}&status=activated`);
  await expect(customer.getByRole('heading', { name: `Order ${order.external_id} is activated` })).toBeVisible();
  await expect(customer.getByText('The customer approved the payment.')).toBeVisible();
  await expect(customer.getByTestId('order-status')).toHaveText('activated');

  await customer.getByRole('link', { name: 'Open the order in the console' }).click();
  await expect(customer).toHaveURL(`${baseURL ?? ''}/orders/${order.id}`);
  await expect(customer.getByRole('heading', { name: `Order ${order.external_id}` })).toBeVisible();
  await expect(orderStatus(customer)).toHaveText('activated');
  // The console tab behind follows by itself.
  await expect(orderStatus(page)).toHaveText('activated');
});
