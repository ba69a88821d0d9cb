import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

// The Scenarios page (D14) runs the shared catalogue from the browser against the environment under
// test, and saves the same report the command line writes.

test('the customer checkout group runs from the page: the browser posts the checkout forms and every scenario passes', async ({ page, sandbox, api }) => {
  test.skip(!sandbox, 'the checkout scenarios need a person where there is no sandbox control API');
  await page.goto('/scenarios');
  await page.getByRole('combobox', { name: 'Scenarios to run' }).click();
  await page.getByRole('option', { name: 'Customer checkout (3)' }).click();
  await page.getByRole('button', { name: 'Run 3 scenarios' }).click();

  await expect(page.getByRole('status')).toHaveText(/^Finished: 3 of 3 done · 3 passed · 0 failed · 0 skipped in /, { timeout: 30_000 });
  await page.getByRole('button', { name: /^CHK-02 .*: passed$/ }).click();
  const chk02 = page.locator('[data-scenario="CHK-02"]');
  // A browser sees the checkout's redirect to return_url as an opaque redirect.
  await expect(chk02.getByText(/POST \/sandbox\/checkout\/[0-9a-f-]{36}\/reject → redirect/)).toBeVisible();
  await expect(chk02.getByText(/after the customer chose reject the order is rejected · rejected, initial 100\.00/)).toBeVisible();

  // The run's orders are kept apart, and the page says where; the token's own list has none of them.
  const placement = page.getByTestId('scenario-orders-placement');
  await expect(placement).toContainText(/kept in the sandbox namespace scenarios-S[0-9a-z]+ \(X-Sandbox-Namespace\)/);
  await expect(placement).toContainText("the token's orders list and overview are untouched");
  const chk02Order = /\/sandbox\/checkout\/([0-9a-f-]{36})\/reject/.exec((await chk02.getByText(/POST \/sandbox\/checkout\//).first().innerText()) ?? '')?.[1];
  expect(chk02Order).toBeDefined();
  expect((await api.listOrders({ q: 'CHK02' })).map((o) => o.id)).not.toContain(chk02Order);
});

test('the authentication group runs from the page and its report downloads, without the token', async ({ page, target }) => {
  await page.goto('/scenarios');
  await page.getByRole('combobox', { name: 'Scenarios to run' }).click();
  await page.getByRole('option', { name: 'Authentication (4)' }).click();
  await page.getByRole('button', { name: 'Run 4 scenarios' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Finished: 4 of 4 done · 4 passed/, { timeout: 30_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download report.html' }).click()]);
  expect(download.suggestedFilename()).toBe('report.html');
  const html = await readFile(await download.path(), 'utf8');
  expect(html).toContain(`<dd class="mono">${target.baseURL}</dd>`);
  expect(html).toContain('4 passed, 0 failed, 0 skipped, of 4');
  expect(html).toContain('Bearer ****');
  expect(html).not.toContain(target.token);
});

test('each scenario says whether it checks the document or our assumption, and a run can leave the assumptions out', async ({ page }) => {
  // CRE-11 (duplicate order_external_id) is our decision D6, not the interface document.
  await page.goto('/scenarios');
  await page.getByRole('combobox', { name: 'Scenarios to run' }).click();
  await page.getByRole('option', { name: 'Order creation (12)' }).click();
  const cre11 = page.locator('[data-scenario="CRE-11"]');
  await expect(cre11.getByTestId('scenario-basis')).toHaveText('checks our assumption (D6)');
  await expect(page.locator('[data-scenario="CRE-06"]').getByTestId('scenario-basis')).toHaveText('checks the document');
  await expect(page.getByRole('button', { name: 'Run 12 scenarios' })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Only what the interface document states (leave out our assumptions)' }).check();
  await expect(cre11).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run 6 scenarios' })).toBeVisible();
});
