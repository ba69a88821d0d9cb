import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { guardContext } from './guard.ts';
import type { Target } from './target.ts';

/** A browser context of its own for one team user, signed in at /sign-in and back on /orders. */
export async function signedIn(browser: Browser, target: Target, user: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: target.teamBaseURL ?? undefined });
  await guardContext(context, target);
  const page = await context.newPage();
  await page.goto('/orders');
  // The sign-in page starts in Email (autofocus): a person types at once.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  return page;
}
