import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { orderServicePaths, sandboxPaths } from '../src/contract/paths.ts';
import { orderSchema } from '../src/contract/schemas.ts';
import { openOrder, orderStatus, sampleOrder } from '../src/testing/kit.ts';
import { guardContext } from './support/guard.ts';
import { resolveTarget } from './support/target.ts';

// D16, docs/oidc.md: team mode with CONSOLE_AUTH=oidc against a real OpenID provider
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

test('a viewer signed in at the provider cannot refund, and is told why', async ({ page, context, browser }) => {
  await guardContext(context, target);
  // The order is made through the console by the agent, in a browser of their own (team mode answers
  // the embedded sandbox only there, with a session).
  const agentContext = await browser.newContext({ baseURL: target.oidcBaseURL ?? undefined });
  await guardContext(agentContext, target);
  const agent = await agentContext.newPage();
  await signInWithProvider(agent, 'oidc-agent', '/orders');
  const created = await agent.request.post(`/env/sandbox${orderServicePaths.orderCreate()}`, { data: sampleOrder({ order_data: { amount: '10.00' } }, 'OIDC') });
  expect(created.status()).toBe(201);
  const { id } = orderSchema.parse(await created.json());
  expect((await agent.request.post(`/env/sandbox${sandboxPaths.orderStatus(id)}`, { data: { status: 'activated' } })).ok()).toBe(true);
  await agentContext.close();

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
