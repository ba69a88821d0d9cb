import type { Locator, Page } from '@playwright/test';
import { expect, field, orderStatus, test } from './fixtures.ts';
import { contrast } from './support/contrast.ts';
import { refundDialog } from './support/refund-dialog.ts';

// The shell on a 390 px phone and for keyboard users; a production environment's banner;
// the selected option of a segmented control in both schemes.

const PHONE = { width: 390, height: 844 };

// The DOM as far as these checks touch it, inside evaluate() and init scripts (the e2e project is
// typed without the DOM library; these names are the browser's own at run time).
interface Box {
  scrollWidth: number;
  clientWidth: number;
}
interface Style {
  outlineStyle: string;
  outlineWidth: string;
  outlineColor: string;
  backgroundColor: string;
  color: string;
  position: string;
}
interface Element {
  children: ArrayLike<Element>;
  nextElementSibling: Element | null;
  querySelector: (selector: string) => Element | null;
  contains: (node: unknown) => boolean;
  ownerDocument: { activeElement: unknown };
}
interface KeyValueStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
}
declare function getComputedStyle(element: Element): Style;
declare const localStorage: KeyValueStorage;
declare const sessionStorage: KeyValueStorage;
declare const window: { scrollY: number };

async function notCutOff(locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const { scrollWidth, clientWidth } = await locator.evaluate((e: Box) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  expect(scrollWidth, `${what} is not cut off`).toBeLessThanOrEqual(clientWidth);
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width, `${what} lies within the screen`).toBe(true);
}

async function usingProduction(page: Page): Promise<void> {
  // What Settings stores for a production environment on this same service, and its token.
  await page.addInitScript(() => {
    if (localStorage.getItem('order-console:environments')?.includes('"prod"') === true) return;
    const environment = { id: 'prod', name: 'Production EU', baseUrl: '', production: true, sandbox: false, rememberToken: false };
    const token = sessionStorage.getItem('order-console:token:local-sandbox') ?? 'dev-token';
    localStorage.setItem('order-console:environments', JSON.stringify([environment]));
    localStorage.setItem('order-console:active-environment', 'prod');
    sessionStorage.setItem('order-console:token:prod', token);
  });
}

test('"Skip to content" is the first thing Tab reaches, and takes the focus past the header and the navigation', async ({ page, api }) => {
  const order = await api.createOrder();
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is on the page itself, not back in the header or the navigation.
  expect(await page.getByRole('main').evaluate((main: Element) => main.contains(main.ownerDocument.activeElement))).toBe(true);
  await expect(page).toHaveURL(`/orders/${order.id}`);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: an input with the focus has a clearly visible ring, and the selected Full/Partial option stands out`, async ({ page, api }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const order = await api.createOrder({ order_data: { amount: '50.00' } });
    await api.setStatus(order.id, 'activated');
    await page.goto(`/orders/${order.id}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = refundDialog(page);

    const input = field(dialog, 'destination_account_number');
    await input.focus();
    const ring = await input.evaluate((e: Element) => {
      const style = getComputedStyle(e);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    const surface = await dialog.evaluate((e: Element) => getComputedStyle(e).backgroundColor);
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, surface), `ring ${ring.color} on ${surface}`).toBeGreaterThanOrEqual(3);

    const kinds = dialog.getByRole('radiogroup', { name: 'What to refund' });
    for (const selected of ['full', 'partial'] as const) {
      await dialog.getByText(selected === 'full' ? 'Full (50.00)' : 'Partial', { exact: true }).click();
      await expect(dialog.locator(`[name="refund_kind"][value="${selected}"]`)).toBeChecked();
      // Measured once the indicator has slid under the choice.
      await expect
        .poll(async () => {
          const colours = await kinds.evaluate((group: Element) => {
            const indicator = Array.from(group.children).find((child) => getComputedStyle(child).position === 'absolute');
            const label = group.querySelector('input:checked')?.nextElementSibling ?? null;
            return {
              track: getComputedStyle(group).backgroundColor,
              indicator: indicator === undefined ? '' : getComputedStyle(indicator).backgroundColor,
              label: label === null ? '' : getComputedStyle(label).color,
            };
          });
          return [contrast(colours.indicator, colours.track) >= 3, contrast(colours.label, colours.indicator) >= 4.5];
        })
        .toEqual([true, true]);
    }
  });
}

test('on a phone: the header title and the environment chip fit, the order heading wraps and the status is never cut', async ({ page, api }) => {
  await page.setViewportSize(PHONE);
  const order = await api.createOrder({ order_external_id: `E2E-LONG-EXTERNAL-ID-${Date.now().toString(36)}` });
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('new');

  const header = page.getByRole('banner');
  await notCutOff(header.getByRole('heading', { name: 'Order Console' }), 'the title');
  await notCutOff(header.getByRole('link', { name: 'Active environment: Local sandbox' }), 'the environment chip');
  await notCutOff(orderStatus(page), 'the status badge');
  await notCutOff(page.getByRole('heading', { name: `Order ${order.external_id}` }), 'the order heading');
  // On a phone the journal is in the menu.
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('button', { name: 'Request journal' }).click();
  await expect(page.getByRole('dialog', { name: /journal/i })).toBeVisible();
});

test('production on a phone: the chip is readable and the red banner stays on screen while scrolling', async ({ page, api, sandbox }) => {
  test.skip(!sandbox, 'uses the sandbox to give the order a long page');
  await usingProduction(page);
  await page.setViewportSize(PHONE);
  const order = await api.createOrder();
  await api.setStatus(order.id, 'activated');
  await page.goto(`/orders/${order.id}`);
  await expect(orderStatus(page)).toHaveText('activated');

  await notCutOff(page.getByRole('link', { name: 'Active environment: Production EU (production)' }), 'the production chip');
  const banner = page.getByRole('alert').filter({ hasText: 'Production: Production EU' });
  await expect(banner).toBeInViewport();
  await page.getByText('Redirect URL').scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2_000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await expect(banner).toBeInViewport();
  const headerBox = await page.getByRole('banner').boundingBox();
  const bannerBox = await banner.boundingBox();
  expect(bannerBox?.y ?? 0, 'right under the header').toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0) - 1);
});
