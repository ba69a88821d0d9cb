import type { Request } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { BACKGROUND_HEADER } from '../src/contract/session.ts';
import { fillRefund, openOrder, orderAmount, uniqueId } from '../src/testing/kit.ts';
import { guardContext } from './support/guard.ts';
import { resolveTarget, TEAM_USER } from './support/target.ts';
import { activatedOrder, serviceOrder } from './support/team-sandbox.ts';

// PCI DSS v4.0 8.2.8 in the browser: a page that polls (the approvals queue, an open order) does not
// keep the session alive; only what the person does. The team console's idle setting is the default
// 15 minutes, so the page's clock is driven (page.clock) while the server's stays real: the page ends
// the session itself at its idle end (DELETE /api/session), which the server then refuses. That the
// server alone also ends it, and never extends it for a background read, is src/server/session-idle.test.ts.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

const isBackground = (request: Request) => request.headers()[BACKGROUND_HEADER.toLowerCase()] === '1';

test('left untouched while it polls, the session ends: warned a minute before, then asked to sign in again; a refund left open is not sent, and what was typed is kept', async ({ browser, request, playwright }) => {
  const id = await activatedOrder(request, '50.00', 'TEAM-IDLE');
  const context = await browser.newContext({ baseURL: target.teamBaseURL ?? undefined });
  await guardContext(context, target);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto('/approvals');
  await page.getByLabel('Email').fill(TEAM_USER.email);
  await page.getByLabel('Password').fill(TEAM_USER.password);
  // The page's session clock asks the server for the idle setting once (in the background).
  const idleSetting = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  await idleSetting;

  // 14 minutes untouched on /approvals: the queue is read again by the page itself, in the background.
  const poll = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/approvals' && r.method() === 'GET');
  await page.clock.fastForward('14:00');
  expect(isBackground(await poll)).toBe(true);
  const warning = page.getByRole('dialog', { name: 'Session ending' });
  await expect(warning.getByRole('alert')).toHaveText(/^You will be signed out in [1-6]?[0-9] s$/);
  await expect(warning).toBeInViewport();

  // "Stay signed in" is the person's: the server's idle clock starts again, and the notice goes.
  const stay = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/session' && r.method() === 'GET' && !isBackground(r));
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await stay;
  await expect(warning).toBeHidden();

  // A refund reviewed and left open on the order page (which polls too), past the idle end.
  const idleSettingAgain = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/session' && r.request().method() === 'GET' && isBackground(r.request()));
  await openOrder(page, id);
  await idleSettingAgain;
  const dialog = await fillRefund(page, { amount: '20.00', externalId: uniqueId('TEAM-IDLE'), reason: 'Other', reasonNote: 'Left open over lunch' });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  const confirm = dialog.getByRole('button', { name: 'Confirm refund' });
  await expect(confirm).toBeVisible();
  const [session] = (await context.cookies()).filter((c) => c.name === 'console_session');
  const refunds: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/refunds?\/?$/.test(new URL(r.url()).pathname)) refunds.push(r.url());
  });
  const ended = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/session' && r.method() === 'DELETE');
  await page.clock.fastForward('15:05');
  await ended;

  const signInAgain = page.getByRole('dialog', { name: 'Your session ended' });
  await expect(signInAgain).toBeVisible();
  // The session is over on the server too: its cookie, replayed, is refused.
  const anyone = await playwright.request.newContext({ baseURL: target.teamBaseURL ?? undefined });
  expect((await anyone.get('/api/me', { headers: { Cookie: `console_session=${session?.value ?? ''}` } })).status()).toBe(401);
  await anyone.dispose();
  // Confirm cannot be pressed under the dialog; nothing was sent.
  await expect(confirm).toBeVisible();
  expect(refunds).toEqual([]);
  expect((await serviceOrder(request, id)).refund_amount).toBe('0.00');

  // Signed in again in place, the review is still there and is sent once.
  await signInAgain.getByRole('textbox', { name: 'Password' }).fill(TEAM_USER.password);
  await signInAgain.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInAgain).toBeHidden();
  await confirm.click();
  await expect(dialog).toBeHidden();
  await expect(orderAmount(page, 'refund_amount')).toHaveText('20.00');
  expect(refunds).toHaveLength(1);
  await context.close();
});
