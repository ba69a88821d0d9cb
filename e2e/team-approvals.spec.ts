import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { approvalSchema } from '../src/contract/approvals.ts';
import { fillRefund, openOrder, orderAmount } from '../src/testing/kit.ts';
import { resolveTarget, TEAM_APPROVERS } from './support/target.ts';
import { activatedOrder, serviceOrder } from './support/team-sandbox.ts';
import { signedIn } from './support/team-sign-in.ts';

// D17: two-person approval in the browser: the team console's sandbox has an approval
// threshold of 100.00 (playwright.config.ts). One approver asks for a refund over it from the order page;
// it waits, visible on the order page; they cannot approve it themselves and are told why; a second
// approver approves it at /approvals, and the order is refunded exactly once.

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

test('a refund over the threshold waits for a second person, who approves it; the order is refunded once', async ({ browser, request }) => {
  // Two people signed in, each in a browser of their own: 17-23 s in CI on 2 cores, half the 45 s budget.
  test.slow();
  // An order of 250.00, activated, made through the console by the agent (the test plays the PSP's system).
  const id = await activatedOrder(request, '250.00', 'TEAM-APPROVE');

  const [requesterUser, approverUser] = TEAM_APPROVERS;
  const requester = await signedIn(browser, target, requesterUser);
  await openOrder(requester, id);
  const dialog = await fillRefund(requester, { reason: 'Other', reasonNote: 'Parcel lost in transit' });
  await dialog.getByRole('button', { name: 'Review refund' }).click();
  // Before anything is confirmed the review says the refund will wait, and why (docs/security.md), and
  // shows the identifiers the console server made for it: the ones the request keeps.
  const notice = dialog.getByRole('alert', { name: 'This refund will wait for approval' });
  await expect(notice).toContainText("250.00 (this refund) is over Sandbox's approval threshold of 100.00.");
  await expect(dialog.getByRole('button', { name: 'Confirm refund' })).toHaveCount(0);
  const shownIdentifier = await dialog.getByText(/^RF-[A-Z0-9]{20}$/).textContent();
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  const sent = dialog.getByRole('alert', { name: 'Sent for approval' });
  await expect(sent).toContainText('250.00');
  await expect(sent).toContainText('100.00');
  await expect(sent).toContainText('an approver other than you must approve it');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  // Pending on the order page; nothing refunded.
  const requests = requester.getByRole('region', { name: 'Refund requests' });
  await expect(requests.getByTestId('refund-request')).toContainText('Waiting for approval');
  await expect(requests.getByTestId('refund-request')).toContainText('Other (Parcel lost in transit)');
  await expect(orderAmount(requester, 'refund_amount')).toHaveText('0.00');

  // The requester, an approver too, is told why they cannot approve their own.
  await requester.goto('/approvals');
  const own = requester.getByRole('article', { name: `Refund of 250.00 on order ${id}` });
  await expect(own).toContainText('You asked for this refund, so another approver must decide on it.');
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // Nor does the server let them, whatever the page shows: refused, with the reason.
  const [mine] = z.object({ results: z.array(approvalSchema) }).parse(await (await requester.request.get(`/api/env/sandbox/orders/${id}/approvals`)).json()).results;
  expect(mine?.payment_identifier).toBe(shownIdentifier);
  const refused = await requester.request.post(`/api/approvals/${mine?.id ?? ''}/approve`, { data: {} });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 'own_request', detail: expect.stringContaining('someone else must approve or reject it') });

  // The second approver approves it.
  const approver = await signedIn(browser, target, approverUser);
  await approver.goto('/approvals');
  const card = approver.getByRole('article', { name: `Refund of 250.00 on order ${id}` });
  // On a phone the count rides on the menu button, and the environment chip keeps its whole name.
  await approver.setViewportSize({ width: 390, height: 844 });
  await expect(approver.getByRole('button', { name: /^Toggle navigation \(Approvals: [1-9][0-9]* waiting\)$/ })).toBeVisible();
  const chipName = approver.getByRole('link', { name: 'Active environment: Sandbox' }).getByText('Sandbox', { exact: true });
  const widths = await chipName.evaluate((e: { scrollWidth: number; clientWidth: number }) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  expect(widths.scrollWidth, 'the chip\'s name is not cut off').toBeLessThanOrEqual(widths.clientWidth);
  await approver.setViewportSize({ width: 1366, height: 900 });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toContainText('Approved and sent');

  // Refunded once: the order as the service has it.
  expect(await serviceOrder(request, id)).toMatchObject({ refund_amount: '250.00', current_amount: '0.00' });
  await openOrder(requester, id);
  await expect(orderAmount(requester, 'refund_amount')).toHaveText('250.00');
  await expect(requester.getByRole('region', { name: 'Refund requests' }).getByTestId('refund-request')).toContainText('Approved and sent');
});
