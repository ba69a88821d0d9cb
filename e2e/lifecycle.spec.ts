import { orderServicePaths } from '../src/contract/paths.ts';
import { expect, orderStatus, sampleRefund, test } from './fixtures.ts';
import { seriousViolations } from './support/axe.ts';

// The order's lifecycle diagram (click a reachable state, the order moves) and the
// sandbox's overview page.

test('clicking a reachable state in the lifecycle diagram moves the order there', async ({ page, api }) => {
  const order = await api.createOrder();
  await api.setStatus(order.id, 'checking');
  await page.goto(`/orders/${order.id}`);
  const lifecycle = page.getByRole('region', { name: 'Lifecycle', exact: true });
  await expect(lifecycle.getByRole('img', { name: /^Checking, current status, reached/ })).toBeVisible();
  await expect(lifecycle.getByTestId('lifecycle-text')).toContainText('Path: New (');

  await lifecycle.getByRole('menuitem', { name: /^Move to Accepted/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Move this sandbox order to Accepted?' });
  await dialog.getByRole('button', { name: 'Move to Accepted' }).click();

  await expect(orderStatus(page)).toHaveText('accepted');
  await expect(dialog).toBeHidden();
  await expect(lifecycle.getByRole('img', { name: /^Accepted, current status, reached/ })).toBeVisible();
  // Rejected is behind the order now: dimmed, no longer a button.
  await expect(lifecycle.getByRole('img', { name: 'Rejected, not reachable, final' })).toBeVisible();
  expect((await api.getOrder(order.id)).status).toBe('accepted');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the diagram scrolls sideways rather than being cut, and a state off-screen can still be chosen', async ({ page, api }) => {
    const order = await api.createOrder();
    await page.goto(`/orders/${order.id}`);
    const diagram = page.getByRole('region', { name: 'Lifecycle diagram' });
    await expect(diagram.getByRole('img', { name: /^New, current status/ })).toBeVisible();
    const widths = await diagram.evaluate((el: { scrollWidth: number; clientWidth: number }) => [el.scrollWidth, el.clientWidth]);
    expect(widths[0]).toBeGreaterThan(widths[1] ?? Infinity);
    // The page itself does not scroll sideways: only the diagram does.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    await diagram.getByRole('menuitem', { name: /^Move to Activated/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to Activated' }).click();
    await expect(orderStatus(page)).toHaveText('activated');
  });
});

test('the overview counts orders by status, links each count to the filtered list, and lists a refused refund', async ({ page, api }) => {
  const order = await api.createOrder();
  await api.setStatus(order.id, 'activated');
  // Refused: more than the order's current amount.
  const refused = await api.post(orderServicePaths.orderRefund(order.id), sampleRefund({ amount: '99999.00' }));
  expect(refused.status).toBe(400);

  await page.goto('/overview');
  await expect(page.getByRole('heading', { name: 'Sandbox at a glance' })).toBeVisible();
  const byStatus = page.getByRole('list', { name: 'Orders by status' });
  const activated = byStatus.getByTestId('status-count-activated');
  await expect(activated).toHaveText(/^[1-9][0-9]*$/);
  await expect(page.getByRole('list', { name: 'Newest refused refunds' }).getByRole('link', { name: order.external_id })).toBeVisible();

  await activated.click();
  await expect(page).toHaveURL(/\/orders\?status=activated$/);
  await expect(page.getByTestId('order-row-status').first()).toHaveText('activated');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme });

    test('the diagram and the overview have no serious accessibility violations', async ({ page, api }) => {
      const order = await api.createOrder();
      await api.setStatus(order.id, 'accepted');
      await page.goto(`/orders/${order.id}`);
      await expect(page.getByRole('img', { name: /^Accepted, current status/ })).toBeVisible();
      await expect(page.getByTestId('lifecycle-text')).toContainText('Accepted (');
      expect.soft(await seriousViolations(page, { nodes: 3 }), 'order page').toEqual([]);

      await page.goto('/overview');
      await expect(page.getByRole('list', { name: 'Orders by status' })).toBeVisible();
      expect.soft(await seriousViolations(page, { nodes: 3 }), 'overview').toEqual([]);
    });
  });
}
