import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { formatMoney, sumMoney } from '../src/contract/money.ts';
import { seriousViolations } from './support/axe.ts';
import { resolveTarget, TEAM_APPROVERS, TEAM_SANDBOX_TOKEN, TEAM_USER } from './support/target.ts';
import { activatedOrder, serviceOrder } from './support/team-sandbox.ts';
import { signedIn } from './support/team-sign-in.ts';

// In the browser against the team console (threshold 100.00, D17): an agent's
// file goes to the console server, which sends it while the page shows its progress and then the
// result file; a batch over the threshold waits until a second person approves it at /approvals. Each
// step of the second is checked for serious accessibility violations (axe).

const target = resolveTarget();
test.skip(target.teamBaseURL === null, 'needs the local servers: the suite starts the team console only when it starts the sandbox');
test.use({ baseURL: target.teamBaseURL ?? undefined });

const ACCOUNT = 'CZ6508000000192000145399';
/** An activated order of `amount`, made through the console by the agent (the test plays the PSP's system). */
const activated = (request: APIRequestContext, amount: string) => activatedOrder(request, amount, 'TEAM-BULK');

const refundedOf = async (request: APIRequestContext, id: string) => (await serviceOrder(request, id)).refund_amount;

async function uploadAndReview(page: Page, ids: readonly string[]) {
  await page.goto('/refunds/bulk');
  // An unfinished run of this agent's (a batch still waiting, in a reused console) opens first.
  const fresh = page.getByRole('button', { name: 'New bulk refund' });
  await expect(page.getByLabel('Refund file (CSV)').or(fresh)).toBeVisible();
  if (await fresh.isVisible()) await fresh.click();
  const csv = ['order_id,amount,reason,destination_account_number', ...ids.map((id) => `${id},full,Event cancelled,${ACCOUNT}`)].join('\r\n');
  await page.getByLabel('Refund file (CSV)').setInputFiles({ name: 'refunds.csv', mimeType: 'text/csv', buffer: Buffer.from(csv + '\r\n') });
  await expect(page.getByTestId('bulk-total')).toContainText(`${ids.length} of ${ids.length} rows ready`);
  await page.getByRole('button', { name: 'Review and confirm' }).click();
  return page.getByRole('dialog', { name: 'Confirm the bulk refund' });
}

/** A few cents of its own, so this run's batch is told apart from earlier runs' in a reused console. */
const cents = () => String(10 + Math.floor(Math.random() * 90));

test('an agent confirms a file; the console server sends it, the page shows it running and finished, the result CSV downloads', async ({ browser, request }) => {
  const amounts = ['10.00', '11.00', '12.00', '13.00', `14.${cents()}`];
  const ids = await Promise.all(amounts.map((amount) => activated(request, amount)));
  const total = formatMoney(sumMoney(amounts));
  const agent = await signedIn(browser, target, TEAM_USER);

  const dialog = await uploadAndReview(agent, ids);
  await expect(dialog).toContainText(`Refund 5 orders, ${total} in total`);
  await expect(dialog).not.toContainText('second person');
  await dialog.getByRole('button', { name: 'Start refunds' }).click();

  // Sent at the server's pace (2 a second): the page follows it.
  await expect(agent.getByText('Refunding…')).toBeVisible();
  await expect(agent.getByTestId('bulk-progress')).toHaveText('5 of 5 done · 5 refunded · 0 refused · 0 skipped');
  await expect(agent.getByText('Bulk refund finished')).toBeVisible();
  for (const [i, id] of ids.entries()) expect(await refundedOf(request, id)).toBe(amounts[i]);

  const download = agent.waitForEvent('download');
  await agent.getByRole('link', { name: 'Download result (CSV)' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^line,order_id,amount,reason,outcome,/);
  expect(lines.slice(1).map((l) => l.split(',').slice(1, 5).join(','))).toEqual(ids.map((id, i) => `${id},${amounts[i]},Other: Event cancelled,refunded`));
  expect(csv).not.toContain(TEAM_SANDBOX_TOKEN);

  // The tab closed and opened again: the run is the server's, listed with the environment's runs.
  await agent.reload();
  await expect(agent.getByRole('table', { name: 'Bulk runs in this environment' }).getByRole('row').filter({ hasText: total })).toContainText('finished');
});

test('a batch over the threshold waits; another person approves it at /approvals and it is sent, each order once', async ({ browser, request }) => {
  // Two people signed in, four accessibility scans and a run sent at the team's pace: 18 s alone,
  // past the 45 s default in a full CI run on a machine half as fast (session 14).
  test.slow();
  const amounts = [`70.${cents()}`, `50.${cents()}`];
  const ids = await Promise.all(amounts.map((amount) => activated(request, amount)));
  const total = formatMoney(sumMoney(amounts));
  const agent = await signedIn(browser, target, TEAM_USER);

  const dialog = await uploadAndReview(agent, ids);
  await expect(dialog.getByRole('alert')).toContainText(`${total} is over Sandbox's approval threshold of 100.00`);
  expect(await seriousViolations(agent)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send for approval' }).click();
  const waiting = agent.getByRole('alert', { name: "Waiting for a second person's approval" });
  await expect(waiting).toContainText(`an approver other than ${TEAM_USER.email}`);
  await expect(waiting).toContainText('It expires');
  await expect(waiting.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);
  for (const id of ids) expect(await refundedOf(request, id)).toBe('0.00');

  const approver = await signedIn(browser, target, TEAM_APPROVERS[0]);
  await approver.goto('/approvals');
  const batch = approver.getByRole('article', { name: `Bulk refund of ${total}, 2 orders, asked by ${TEAM_USER.email}` });
  expect(await seriousViolations(approver)).toEqual([]);
  // Its rows first: the batch as the server keeps it, waiting, not the approver's to withdraw.
  await batch.getByRole('link', { name: 'See the 2 rows' }).click();
  const rows = approver.getByRole('table', { name: 'Refunds of the run' });
  for (const id of ids) await expect(rows).toContainText(id);
  await expect(approver.getByText('Waiting for approval', { exact: true })).toBeVisible();
  await expect(approver.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
  await approver.goBack();
  await batch.getByRole('textbox', { name: 'Note' }).fill('Event cancelled, checked');
  await batch.getByRole('button', { name: 'Approve and send' }).click();
  await expect(approver.getByRole('status').filter({ hasText: `Approved: the bulk refund of ${total}` })).toBeVisible();

  // The agent's page, still open, follows the batch from waiting to finished.
  await expect(agent.getByText('Bulk refund finished')).toBeVisible({ timeout: 30_000 });
  await expect(agent.getByTestId('bulk-progress')).toHaveText('2 of 2 done · 2 refunded · 0 refused · 0 skipped');
  await expect(agent.getByText(`Approved by ${TEAM_APPROVERS[0].email}`)).toBeVisible();
  expect(await seriousViolations(agent)).toEqual([]);
  for (const [i, id] of ids.entries()) expect(await refundedOf(request, id)).toBe(amounts[i]);
});
