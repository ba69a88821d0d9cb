import { expect, orderStatus, test } from './fixtures.ts';

// `ORDER_SERVICE_URL=… npm start` is how a person points the console at a real Order
// Service. Here the "real service" is the suite's own sandbox, behind a third server in proxy mode.

test('proxy mode: the first page names the service and leads to a working setup, not to an error', async ({ page, target, api }) => {
  test.skip(target.proxyBaseURL === null, 'needs the local servers: the suite starts its proxy only when it starts the sandbox');
  const proxy = target.proxyBaseURL ?? '';
  const host = new URL(target.baseURL).host;

  await page.goto(`${proxy}/orders`);
  const notice = page.getByRole('alert').filter({ hasText: `Connected to ${host} through this server` });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: `Active environment: ${host} (proxy)` })).toBeVisible();
  await expect(page.getByText('Opened in this browser', { exact: false })).toBeVisible();
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await expect(page.getByText(/local sandbox/i)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'All sandbox orders' })).toHaveCount(0);

  await notice.getByRole('link', { name: 'Set the token in Settings' }).click();
  // The link opens that environment's editor with the cursor in its Token field.
  await expect(page).toHaveURL(new RegExp(`^${proxy}/settings\\?edit=`));
  const dialog = page.getByRole('dialog', { name: /^Edit / });
  const token = dialog.getByRole('textbox', { name: 'Token', exact: true });
  await expect(token).toBeFocused();
  await token.fill(target.token);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: `${host} (proxy)` })).toContainText(`forwards to ${target.baseURL}`);

  // A whole create through the proxy; the sandbox's own features stay off.
  await page.goto(`${proxy}/orders/new`);
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(orderStatus(page)).toHaveText('new');
  await expect(page.getByRole('button', { name: 'Simulate' })).toHaveCount(0);
  // The transitions drawn are the sandbox's model (D7), not a fact about this service.
  const lifecycle = page.getByRole('region', { name: 'Lifecycle', exact: true });
  await expect(lifecycle).toContainText("The sandbox's model of the moves between states (decision D7), not this service's");
  await expect(lifecycle).toContainText("Reachable from here in the sandbox's model:");
  await expect(lifecycle).not.toContainText('the history is kept by the sandbox');
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  expect((await api.getOrder(id)).status).toBe('new');
});
