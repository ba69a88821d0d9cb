import { expect, test } from '@playwright/test';
import { guardContext } from './support/guard.ts';
import { signedIn } from './support/team-sign-in.ts';
import { resolveTarget, TEAM_ACCOUNT_SPECS, TEAM_ADMIN } from './support/target.ts';

// docs/accounts.md: an admin makes a reset link on the Users page; the person follows it, a guessable
// password is refused under the field, theirs is set and signs them in; the same link is refused after.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

const PERSON = TEAM_ACCOUNT_SPECS.reset;

test('a reset link from the Users page sets a new password once and is refused the second time', async ({ browser, page, context }) => {
  await guardContext(context, target);
  const admin = await signedIn(browser, target, TEAM_ADMIN);
  await admin.goto('/users');
  await admin.getByRole('button', { name: `More for ${PERSON.email}` }).click();
  await admin.getByRole('menuitem', { name: 'Reset password' }).click();
  const shown = admin.getByRole('status').filter({ hasText: `Reset link for ${PERSON.email}` });
  const link = (await shown.locator('code').textContent()) ?? '';
  expect(link).toMatch(/\/reset-password#[A-Za-z0-9_-]{43}$/);
  await admin.context().close();

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(PERSON.email);
  // The token left the address bar as soon as the page read it.
  expect(page.url()).not.toContain('#');
  const password = page.getByLabel('New password');
  await password.fill('reset-me2024');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('Too easy to guess');
  await expect(password).toHaveValue('reset-me2024');

  await password.fill('lantern orchard pebble');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your new password is set. Sign in with it.');
  await page.getByLabel('Email').fill(PERSON.email);
  await page.getByLabel('Password').fill('lantern orchard pebble');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);

  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This reset link has been used already or has expired. Ask an admin for a new one.');
  await expect(page.getByLabel('New password')).toBeHidden();
});
