import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_ADMIN } from './support/target.ts';
import { askForRefund } from './support/team-approvals.ts';
import { activatedOrder } from './support/team-sandbox.ts';

// The team pages in the project's axe sweep (accessibility.spec.ts holds the personal ones): sign-in,
// approvals, audit, users, bulk refunds, account, and an order with an open refund request, in both colour
// schemes, each page at a desktop's width and then, resized in place, a phone's (one sign-in and one
// load a page). The same walk checks what only a width shows: the audit table fits a 1280 px window,
// and a phone's menu names the environment whole.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const TEAM_PAGES = [
  ['/approvals', 'Approvals'],
  ['/audit', 'Audit log'],
  ['/users', 'Users'],
  ['/refunds/bulk', 'Bulk refunds'],
  ['/account', 'Your account'],
] as const;

/** axe at both widths, the phone's after a resize of the same page. */
async function atBothWidths(page: Page, what: string, atDesktop: () => Promise<void> = () => Promise.resolve()): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${what} at 1280 px`);
  await atDesktop();
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${what} at 390 px`);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} colour scheme`, () => {
    test.use({ colorScheme: scheme, viewport: DESKTOP });

    test('the team pages have no serious accessibility violations on a desktop or a phone', async ({ page, context, request }) => {
      test.setTimeout(90_000);
      await guardContext(context, target);
      // An order with a refund over the threshold waiting for approval: its page shows the notice.
      const orderId = await activatedOrder(request, '150.00', 'TEAM-AXE');

      await page.goto('/orders');
      await expect(page.getByLabel('Email')).toBeFocused();
      await atBothWidths(page, '/sign-in');
      await page.setViewportSize(DESKTOP);
      await page.getByLabel('Email').fill(TEAM_ADMIN.email);
      await page.getByLabel('Password').fill(TEAM_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/orders$/);

      for (const [path, heading] of TEAM_PAGES) {
        await page.setViewportSize(DESKTOP);
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
        if (path === '/audit') await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
        await atBothWidths(page, path, async () => {
          if (path !== '/audit') return;
          // Every column in view at 1280 px: no sideways scroll in the table's box.
          const box = page.locator('.mantine-ScrollArea-viewport').filter({ has: page.getByRole('table', { name: 'Audit log' }) });
          const [scrollWidth, clientWidth] = await box.evaluate((element: { scrollWidth: number; clientWidth: number }) => [element.scrollWidth, element.clientWidth]);
          expect(scrollWidth, 'the audit table scrolls sideways at 1280 px').toBeLessThanOrEqual((clientWidth ?? 0) + 1);
        });
        if (path === '/users') {
          // At 390 px every status badge whole: the table scrolls sideways rather than cutting one to "AC…".
          const labels = await page.getByRole('table', { name: 'Users' }).locator('.mantine-Badge-label').all();
          expect(labels.length).toBeGreaterThan(0);
          for (const label of labels) {
            const [scrollWidth, clientWidth] = await label.evaluate((element: { scrollWidth: number; clientWidth: number }) => [element.scrollWidth, element.clientWidth]);
            expect(scrollWidth, `a status badge is cut at 390 px: ${await label.textContent()}`).toBeLessThanOrEqual(clientWidth ?? 0);
          }
        }
      }

      await askForRefund(page, orderId, '120.00');
      await page.setViewportSize(DESKTOP);
      await page.goto(`/orders/${orderId}`);
      await expect(page.getByTestId('open-refund-requests').getByRole('link', { name: 'See the requests' })).toBeVisible();
      await atBothWidths(page, 'an order with an open refund request');

      // At 390 px the header's chip has room for a few letters; the menu names the environment whole.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      const environment = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Environment: Sandbox' });
      await expect(environment).toBeVisible();
      const [scrollWidth, clientWidth] = await environment.locator('.mantine-NavLink-label').evaluate((element: { scrollWidth: number; clientWidth: number }) => [element.scrollWidth, element.clientWidth]);
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth ?? 0);
    });
  });
}
