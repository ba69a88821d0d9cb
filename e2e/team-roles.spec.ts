import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { field, openOrder, orderStatus } from '../src/testing/kit.ts';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_USER, TEAM_VIEWER } from './support/target.ts';
import { activatedOrder } from './support/team-sandbox.ts';

// D16: team mode in the browser: a session that ends mid-form asks to sign in again where
// the person is and keeps what they typed; a role sees what it may not do, and why.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

async function signIn(page: Page, user: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
}

test('a session that ends mid-form: sign in again in place, the typed order is kept and sent', async ({ page, context }) => {
  await guardContext(context, target);
  await signIn(page, TEAM_USER, '/orders/new');
  await page.getByRole('button', { name: 'Fill with sample data' }).click();
  const externalId = `TEAM-KEPT-${Date.now()}`;
  await field(page, 'order_external_id').fill(externalId);
  await field(page, 'order_data.amount').fill('33.30');

  // The session ends on the server (as an idle timeout would); this browser's cookie goes with it.
  expect((await page.request.post('/auth/sign-out', { headers: { Accept: 'application/json' } })).status()).toBe(204);

  // The page learns it from its own session check or from this send, whichever comes first: either way
  // the same dialog, over the form.
  const dialog = page.getByRole('dialog', { name: 'Your session ended' });
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Create order' }).click({ timeout: 1_000 });
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/orders\/new$/);
  await dialog.getByRole('textbox', { name: 'Password' }).fill(TEAM_USER.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toBeHidden();

  // What was typed is still there, and goes out as it was.
  await expect(field(page, 'order_external_id')).toHaveValue(externalId);
  await expect(field(page, 'order_data.amount')).toHaveValue('33.30');
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Order ${externalId}` })).toBeVisible();
  await expect(orderStatus(page)).toHaveText('new');
});

test('a viewer is not offered what no environment lets them do, sees why they cannot refund or create, and the server refuses it anyway', async ({ page, context, request }) => {
  await guardContext(context, target);
  // An order to look at, made through the console by the agent (the test plays the PSP's system).
  const id = await activatedOrder(request, '10.00', 'TEAM');

  await signIn(page, TEAM_VIEWER, '/orders');
  // What a viewer may do in no environment is not offered at all; what they may, is.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  for (const never of ['New order', 'Bulk refunds', 'Scenarios', 'Faults']) await expect(nav.getByRole('link', { name: never })).toHaveCount(0);
  await openOrder(page, id);
  await expect(orderStatus(page)).toHaveText('activated');
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Refund' })).toHaveAccessibleDescription('Your role viewer cannot refund in Sandbox.');

  await page.goto('/orders/new');
  await expect(page.getByText('Your role viewer cannot create orders in Sandbox.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create order' })).toHaveCount(0);

  // The server is the check that counts: a refund sent by hand with the viewer's session is refused.
  const refused = await page.request.post(`/env/sandbox/psp/v2/order/${id}/refund/`, {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { amount: '1.00', destination_account_number: 'CZ6508000000192000145399', payment_identifier: 'P-1', external_id: 'R-1' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ detail: 'Your role viewer cannot refund in Sandbox.', code: 'permission_denied' });
});

test('an agent runs a sign-off scenario: the console server runs it with the token; no call from the browser carries one', async ({ page, context }) => {
  await guardContext(context, target);
  const credentials: string[] = [];
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header !== undefined) credentials.push(`${request.method()} ${request.url()}`);
  });
  await signIn(page, TEAM_USER, '/scenarios');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scenarios' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Scenarios to run' }).click();
  await page.getByRole('option', { name: 'CRE-01 A minimal body creates an order' }).click();
  const started = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/env/sandbox/scenario-runs'));
  await page.getByRole('button', { name: 'Run CRE-01' }).click();
  await started;
  await expect(page.getByRole('status').filter({ hasText: /^Finished: 1 of 1 done · 1 passed/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(credentials).toEqual([]);
});
