import { expect, test } from '@playwright/test';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_ACCOUNT_SPECS } from './support/target.ts';
import { totpCode } from './support/team-totp.ts';

// docs/accounts.md: CONSOLE_MFA_REQUIRED_FOR (the short-TTL console keeps its default, approver and admin):
// an approver without a second factor is taken to enrolment right after signing in, every other page and
// call is refused until it is done, and then the console opens.

const target = resolveTarget();
test.skip(target.teamShortTtlBaseURL === null, 'needs the local servers: the suite starts the team consoles only when it starts the sandbox');
test.use({ baseURL: target.teamShortTtlBaseURL ?? undefined });

const APPROVER = TEAM_ACCOUNT_SPECS.heldApprover;

test('an approver without a second factor is held at enrolment until they set one up', async ({ page, context }) => {
  await guardContext(context, target);
  await page.goto('/approvals');
  await page.getByLabel('Email').fill(APPROVER.email);
  await page.getByLabel('Password').fill(APPROVER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await page.goto('/approvals');
  await expect(page).toHaveURL(/\/account$/);
  const refused = await page.request.get('/api/approvals/count');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'account_setup_required' });

  await page.getByRole('form', { name: 'Set up an authenticator app' }).getByLabel('Current password').fill(APPROVER.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code from the app').fill(totpCode(await page.getByLabel('Setup key').inputValue()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByLabel('I have kept my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' })).toBeVisible();
  expect((await page.request.get('/api/approvals/count')).status()).toBe(200);
});
