import { expect, test } from './fixtures.ts';

// /orders comes pre-rendered in index.html (src/console/prerender.tsx): the shell and the page's
// heading paint before any script runs, and the app adopts that HTML (LCP). These check
// what a user would notice: the first screen without the app's code, in their colour scheme, only
// where it belongs, and an app that works once it has taken over.

test.describe('before the app has run', () => {
  test.use({ colorScheme: 'dark' });

  test.beforeEach(async ({ page }) => {
    // The app's code never arrives: what shows is the HTML alone.
    await page.route('**/assets/*.js', (route) => route.abort());
  });

  test('/orders shows the shell and the heading, in the dark scheme the browser asks for', async ({ page }) => {
    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
    await expect(page.getByText('Find an order and open it to see its details, refund it or follow its status.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // This browser's environment is not known to the HTML: its badge waits for the app.
    await expect(page.getByRole('link', { name: /^Active environment/ })).toBeHidden();
  });

  test('any other address shows nothing of the orders page', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.locator('#root')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeHidden();
    await expect(page.getByText('Find an order and open it')).toBeHidden();
  });
});

test('the app takes over the pre-rendered page: no errors, nothing twice, and it responds', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/orders');
  await expect(page.getByRole('search', { name: 'Find an order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toHaveCount(1);
  await expect(page.getByRole('link', { name: /^Active environment/ })).toBeVisible();

  await page.getByRole('button', { name: 'Journal' }).click();
  await expect(page.getByRole('dialog', { name: 'Request journal' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Request journal' }).getByRole('button', { name: 'Close' }).first().click();

  await page.getByRole('link', { name: 'New order' }).first().click();
  await expect(page).toHaveURL(/\/orders\/new$/);
  await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();
  expect(errors).toEqual([]);
});
