import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_ACCOUNT_SPECS } from './support/target.ts';
import { totpCode } from './support/team-totp.ts';

// docs/accounts.md: an authenticator app set up on /account, with codes computed here from the setup key
// as an app would; then sign-in asks for an "Authentication code": a recovery code works once, an app's
// code too.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

const PERSON = TEAM_ACCOUNT_SPECS.totp;

async function signInWithPassword(page: Page): Promise<void> {
  await page.goto('/orders');
  await page.getByLabel('Email').fill(PERSON.email);
  await page.getByLabel('Password').fill(PERSON.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/sign-in\?signed_out=1$/);
}

test('TOTP: set up on /account from the setup key; sign-in then asks for an authentication code, and a recovery code works once', async ({ page, context }) => {
  await guardContext(context, target);
  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const confirm = page.getByRole('form', { name: 'Set up an authenticator app' });
  await confirm.getByLabel('Current password').fill(PERSON.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const setupKey = await page.getByLabel('Setup key').inputValue();
  expect(setupKey).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  await page.getByLabel('Code from the app').fill(totpCode(setupKey));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  await page.getByLabel('I have kept my recovery codes').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('10 recovery codes left.')).toBeVisible();
  await signOut(page);

  await signInWithPassword(page);
  await expect(page).toHaveURL(/\/sign-in\/code$/);
  await page.getByLabel('Authentication code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await signOut(page);

  await signInWithPassword(page);
  // Turning it on used this period's code: the app's next one (one period of drift is allowed).
  await page.getByLabel('Authentication code').fill(totpCode(setupKey, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await signOut(page);

  await signInWithPassword(page);
  await page.getByLabel('Authentication code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Type the code your authenticator app shows now, or one of your recovery codes.');
});
