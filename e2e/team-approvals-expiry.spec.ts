import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { askForRefund, queueCard, serviceRefunds, signedIn } from './support/team-approvals.ts';
import { activatedOrder, serviceOrder } from './support/team-sandbox.ts';
import { resolveTarget, SHORT_APPROVAL_TTL, TEAM_APPROVERS, TEAM_USER } from './support/target.ts';

// D17: expiry: a request nobody decided on within CONSOLE_APPROVAL_TTL sends nothing, and
// both the order page and the queue say it expired. Expiry is the server's (expires_at is set by the
// database when the request is made), so this runs against a team console of its own whose TTL is
// SHORT_APPROVAL_TTL (playwright.config.ts: team-console-short-ttl), not against a browser clock.

const target = resolveTarget();
test.skip(target.teamShortTtlBaseURL === null, 'needs the local servers: the suite starts the short-TTL team console only when it starts the sandbox');
const baseURL = target.teamShortTtlBaseURL ?? '';
test.use({ baseURL });

test(`a request older than CONSOLE_APPROVAL_TTL (${SHORT_APPROVAL_TTL}) sends nothing; the order page and the queue say it expired`, async ({ browser, request }) => {
  const orderId = await activatedOrder(request, '250.00', 'TEAM-EXPIRY');
  const agent = await signedIn(browser, target, baseURL, TEAM_USER);
  const approval = await askForRefund(agent, orderId, '250.00');
  const approver = await signedIn(browser, target, baseURL, TEAM_APPROVERS[0]);

  // The queue is read fresh on each load; once the time is up it says so, with nothing to approve.
  const card = queueCard(approver, approval);
  await expect(async () => {
    await approver.goto('/approvals');
    await expect(card.getByTestId('approval-state')).toHaveText('Expired, nothing sent', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(card.getByRole('button', { name: 'Approve and send' })).toHaveCount(0);

  // Approving it anyway (a page left open) is refused, and nothing is sent.
  const late = await approver.request.post(`/api/approvals/${approval.id}/approve`, { data: {} });
  expect(late.status()).toBe(409);
  expect(z.object({ code: z.string() }).parse(await late.json()).code).toBe('expired');

  await agent.goto(`/orders/${orderId}`);
  const row = agent.getByRole('region', { name: 'Refund requests' }).getByTestId('refund-request');
  await expect(row.getByTestId('approval-state')).toHaveText('Expired, nothing sent');
  await expect(row.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);

  expect(await serviceRefunds(request, orderId)).toEqual([]);
  expect(await serviceOrder(request, orderId)).toMatchObject({ refund_amount: '0.00', current_amount: '250.00' });
});
