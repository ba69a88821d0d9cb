import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { orderSchema } from '../src/contract/schemas.ts';
import { openOrder, orderStatus, sampleOrder } from '../src/testing/kit.ts';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_SANDBOX_TOKEN } from './support/target.ts';

// Issue 25 (D16, docs/oidc.md): team mode with CONSOLE_AUTH=oidc against a real OpenID provider
// (e2e/support/oidc-console.ts). The person signs in at the provider, comes back signed in with the
// roles of the claim, and the console shows what that role may do.

const target = resolveTarget();
test.skip(target.oidcBaseURL === null, 'needs the local servers: the suite starts the OIDC team console only when it starts the sandbox');
test.use({ baseURL: target.oidcBaseURL ?? undefined });

async function signInWithProvider(page: Page, account: string, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in\?/);
  await page.getByRole('link', { name: /^Sign in with 127\.0\.0\.1:\d+$/ }).click();
  await page.getByLabel('Account').fill(account);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
}

test('an agent signs in at the provider and sees their role', async ({ page, context }) => {
  await guardContext(context, target);
  await signInWithProvider(page, 'oidc-agent', '/settings');
  await expect(page.getByText('oidc-agent@example.com')).toBeVisible();
  await expect(page.getByText('Your role: agent')).toBeVisible();
  await page.goto('/orders/new');
  await expect(page.getByRole('button', { name: 'Create order' })).toBeEnabled();
});

test('a viewer signed in at the provider cannot refund, and is told why', async ({ page, context }) => {
  await guardContext(context, target);
  const created = await page.request.post('/psp/v2/order/', {
    headers: { Authorization: `Token ${TEAM_SANDBOX_TOKEN}` },
    data: sampleOrder({ order_data: { amount: '10.00' } }, 'OIDC'),
  });
  expect(created.status()).toBe(201);
  const { id } = orderSchema.parse(await created.json());
  await page.request.post(`/sandbox/orders/${id}/status`, { headers: { Authorization: `Token ${TEAM_SANDBOX_TOKEN}` }, data: { status: 'activated' } });

  await signInWithProvider(page, 'oidc-viewer', '/orders');
  await openOrder(page, id);
  await expect(orderStatus(page)).toHaveText('activated');
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveAccessibleDescription('Your role viewer cannot refund in Sandbox.');
});

test('Cancel at the provider: back on the sign-in page, told so, not signed in', async ({ page, context }) => {
  await guardContext(context, target);
  await page.goto('/orders');
  await page.getByRole('link', { name: /^Sign in with / }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alert')).toHaveText(/cancelled or refused/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
});
