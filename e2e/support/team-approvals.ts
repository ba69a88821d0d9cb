import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { z } from 'zod';
import type { Approval } from '../../src/contract/approvals.ts';
import { approvalSchema } from '../../src/contract/approvals.ts';
import type { FaultEffect } from '../../src/contract/faults.ts';
import { orderEventsResponseSchema } from '../../src/contract/history.ts';
import { sandboxPaths } from '../../src/contract/paths.ts';
import { guardContext } from './guard.ts';
import type { Target } from './target.ts';
import { E2E_TEAM_TOTP_KEY } from './target.ts';
import { answerCodeStep } from './team-totp.ts';
import { secondFactorAnswerSchema } from '../../src/contract/console-api.ts';
import { asAgent, ENV_SANDBOX } from './team-sandbox.ts';

// The team console's approvals (D17) as the e2e specs drive them: people signed in through the sign-in
// route in contexts of their own, requests made as the agent through the console's API (the dialog's
// own path is team-approvals.spec.ts), and the embedded sandbox read and misbehaving (D13) through
// /env/sandbox/ as the agent (team-sandbox.ts).

export interface TeamPerson {
  email: string;
  password: string;
}

/** A browser context of its own for `person`, signed in; its first page. */
export async function signedIn(browser: Browser, target: Target, baseURL: string, person: TeamPerson): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await guardContext(context, target);
  const answer = await context.request.post('/auth/sign-in', { data: { email: person.email, password: person.password } });
  expect(answer.status(), `sign-in of ${person.email}`).toBe(200);
  // Where approvers need a second factor (the short-TTL console), theirs is an app the fixtures know.
  if (secondFactorAnswerSchema.safeParse(await answer.json()).success) await answerCodeStep(context.request, E2E_TEAM_TOTP_KEY);
  return context.newPage();
}

/** The refunds the service applied to the order, from its history (D12): what "at most once" is counted on. */
export async function serviceRefunds(request: APIRequestContext, id: string) {
  const events = await (await asAgent(request)).get(`${ENV_SANDBOX}${sandboxPaths.orderEvents(id)}`);
  return orderEventsResponseSchema.parse(await events.json()).results.filter((event) => event.type === 'refunded');
}

/** Arms a D13 fault on this order's next refund (the console's server sends it with the sandbox token it adds here too). */
export async function armRefundFault(request: APIRequestContext, orderId: string, effect: FaultEffect): Promise<void> {
  const armed = await (await asAgent(request)).post(`${ENV_SANDBOX}${sandboxPaths.faults()}`, { data: { operation: 'refund', order_id: orderId, effect, times: 1 } });
  expect(armed.status()).toBe(201);
}

const requested = z.object({ approval: approvalSchema });

/** A refund over the threshold asked for by whoever `page` is signed in as: the request it made. */
export async function askForRefund(page: Page, orderId: string, amount: string): Promise<Approval> {
  const answer = await page.request.post(`/api/env/sandbox/orders/${orderId}/refunds`, {
    data: { amount, destination_account_number: 'CZ6508000000192000145399', reason: 'Goods returned' },
  });
  expect(answer.status()).toBe(202);
  return requested.parse(await answer.json()).approval;
}

/** The request's card in the /approvals queue. */
export const queueCard = (page: Page, approval: Approval) => page.getByRole('article', { name: `Refund of ${approval.amount} on order ${approval.order_id}` });
