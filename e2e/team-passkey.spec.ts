import { expect, test } from '@playwright/test';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_ACCOUNT_SPECS } from './support/target.ts';

// docs/accounts.md: a passkey added on /account and then signing in alone from the sign-in page, through
// Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain), which verifies its person
// as a fingerprint reader would. WebAuthn takes a host name, not an IP address: the team console is
// reached here as localhost.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
const LOCALHOST = target.teamBaseURL === null ? null : target.teamBaseURL.replace('//127.0.0.1:', '//localhost:');
test.use({ baseURL: LOCALHOST ?? undefined });

const PERSON = TEAM_ACCOUNT_SPECS.passkey;

test('passkey: added on /account after the password; then "Sign in with a passkey" needs no password; removed, it signs nobody in', async ({ page, context }) => {
  await guardContext(context, { ...target, teamBaseURL: LOCALHOST });
  const devtools = await context.newCDPSession(page);
  await devtools.send('WebAuthn.enable');
  await devtools.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await page.goto('/account');
  await page.getByLabel('Email').fill(PERSON.email);
  await page.getByLabel('Password').fill(PERSON.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a passkey' });
  await add.getByLabel('Passkey name').fill('Work laptop');
  await add.getByLabel('Current password').fill(PERSON.password);
  await add.getByRole('button', { name: 'Add a passkey' }).click();
  const passkeys = page.getByRole('table', { name: 'Your passkeys' });
  await expect(passkeys.getByRole('cell', { name: 'Work laptop', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect(page).toHaveURL(/\/sign-in\?signed_out=1$/);

  await page.goto('/orders');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('button', { name: 'Remove Work laptop' }).click();
  await expect(passkeys).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign out' }).first().click();

  // The authenticator still holds the credential; the console no longer knows it.
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText('That passkey did not sign you in. Use a passkey added to your account on this console, or your password.');
  await expect(page).toHaveURL(/\/sign-in/);
});
