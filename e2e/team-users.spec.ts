import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_ADMIN } from './support/target.ts';

// D16: the users page in team mode: an admin of the whole console adds an agent with an initial
// password, the agent signs in with it and chooses their own (docs/accounts.md); the admin disables the
// account and the sign-in stops.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

async function signIn(page: Page, user: { email: string; password: string }, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('an admin adds an agent who then signs in; disabled, the agent can no longer sign in', async ({ page, context, browser }) => {
  await guardContext(context, target);
  await signIn(page, TEAM_ADMIN, '/users');
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toBeVisible();

  const agent = { email: `new-agent-${Date.now()}@example.com`, password: 'an-initial-password-27' };
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('E-mail').fill(agent.email);
  await form.getByLabel('Roles').fill('agent@sandbox');
  await form.getByLabel('Initial password').fill(agent.password);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByText(`${agent.email} added`)).toBeVisible();
  await expect(page.getByText(/never show it again/)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: agent.email })).toContainText('agent@sandbox');

  const other = await browser.newContext();
  try {
    const agentPage = await other.newPage();
    await signIn(agentPage, agent, '/orders');
    // An admin chose the password (docs/accounts.md): the agent chooses their own before anything else.
    await expect(agentPage).toHaveURL(/\/account$/);
    await expect(agentPage.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
    expect((await agentPage.request.get('/api/approvals/count')).status()).toBe(403);
    await agentPage.getByLabel('Current password').fill(agent.password);
    await agentPage.getByLabel('New password').fill('a-password-of-their-own-83');
    await agentPage.getByRole('button', { name: 'Change password' }).click();
    await expect(agentPage).toHaveURL(/\/orders$/);
    // An agent sees no users page link, and the server refuses the API.
    await expect(agentPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' })).toBeVisible();
    await expect(agentPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' })).toHaveCount(0);
    expect((await agentPage.request.get('/api/users')).status()).toBe(403);

    await page.getByRole('button', { name: `Disable ${agent.email}` }).click();
    await expect(page.getByRole('button', { name: `Enable ${agent.email}` })).toBeVisible();
    // Disabled: the session is ended and the password no longer signs in.
    expect((await agentPage.request.get('/api/me')).status()).toBe(401);
    const again = await agentPage.request.post('/auth/sign-in', { data: { email: agent.email, password: 'a-password-of-their-own-83' } });
    expect(again.status()).toBe(401);
  } finally {
    await other.close();
  }
});
