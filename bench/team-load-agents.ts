import { z } from 'zod';
import { parseJson } from '../src/contract/json-text.ts';
import type { PersonClient } from './team-load-client.ts';

// What each simulated person does, in a loop until the run ends: a pause (think time, exponential
// around its mean), then one action drawn from the mix below, as the console's pages would make it.
// Agents look orders up, open them, refund small amounts (under the environment's approval threshold,
// one order's refunds never adding up to it) and now and then ask for a refund over it; approvers do
// the same and work the approval queue instead of asking. Every 15 s each person's open tab reads the
// header's approval count and the session clock in the background, as the console does.

export interface Pools {
  /** Orders refunded straight away: many small refunds, each order's total far under the threshold. */
  refund: readonly string[];
  /** Orders refunded over the threshold, through a second person. */
  approval: readonly string[];
  /** Search terms that find seeded orders (external id prefixes, e-mails). */
  terms: readonly string[];
}

export interface SentRefund {
  orderId: string;
  amount: string;
  status: number;
}

export interface Tally {
  refunds: SentRefund[];
  /** Approval requests made (202), and approvals that went through (200). */
  requested: number;
  approved: string[];
  /** Approve answered 409: another approver (or process) decided it first. */
  decidedByOther: number;
  /** Answers other than the expected ones: route, status, the start of the body (the first 20). */
  unexpected: string[];
  unexpectedCount: number;
}

export interface RunOptions {
  pools: Pools;
  thinkMs: number;
  until: number;
  /** The threshold in the environment; requests for approval ask for this much more. */
  overThreshold: string;
}

const ENV = 'sandbox';
const ACCOUNT = 'CZ6508000000192000145399';
const BACKGROUND_EVERY_MS = 15_000;

const queueSchema = z.object({ results: z.array(z.object({ approval: z.object({ id: z.string(), requester: z.string(), state: z.string() }) })) });

/** Shared counters: which order and amount the next refund or request takes. */
export class Dealer {
  private refunds = 0;
  private requests = 0;
  constructor(private readonly pools: Pools) {}

  /** The next refund: round-robin over the pool, the amount one cent more each lap, so each is unique per order. */
  nextRefund(): { orderId: string; amount: string } {
    const n = this.refunds++;
    const pool = this.pools.refund;
    const cents = 1 + Math.floor(n / pool.length);
    return { orderId: pool[n % pool.length] ?? '', amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
  }

  nextApprovalOrder(): string {
    return this.pools.approval[this.requests++ % this.pools.approval.length] ?? '';
  }
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const pause = (meanMs: number, until: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(-Math.log(1 - Math.random()) * meanMs, Math.max(0, until - Date.now()))));

export function newTally(): Tally {
  return { refunds: [], requested: 0, approved: [], decidedByOther: 0, unexpected: [], unexpectedCount: 0 };
}

function expect(tally: Tally, route: string, status: number, text: string, wanted: readonly number[]): boolean {
  if (wanted.includes(status)) return true;
  tally.unexpectedCount += 1;
  if (tally.unexpected.length < 20) tally.unexpected.push(`${route}: ${status} ${text.slice(0, 160)}`);
  return false;
}

export interface Person {
  email: string;
  approver: boolean;
  client: PersonClient;
  /** The process this person's browser talks to (a load balancer's choice, kept for the session). */
  home: number;
}

/** One person's loop until `options.until`. */
export async function actAsPerson(person: Person, dealer: Dealer, tally: Tally, options: RunOptions): Promise<void> {
  const { client, home } = person;
  let nextBackground = Date.now() + Math.random() * BACKGROUND_EVERY_MS;
  while (Date.now() < options.until) {
    await pause(options.thinkMs, options.until);
    if (Date.now() >= options.until) break;
    if (Date.now() >= nextBackground) {
      nextBackground += BACKGROUND_EVERY_MS;
      const [count, clock] = await Promise.all([
        client.send(home, 'background', 'GET /api/approvals/count', 'GET', '/api/approvals/count', { background: true }),
        client.send(home, 'background', 'GET /api/session', 'GET', '/api/session', { background: true }),
      ]);
      expect(tally, 'GET /api/approvals/count', count.status, count.text, [200]);
      expect(tally, 'GET /api/session', clock.status, clock.text, [200]);
    }
    const roll = Math.random() * 100;
    if (roll < 30) {
      // The lookup box: a term typed and searched (the index's first page).
      const q = pick(options.pools.terms);
      const answer = await client.send(home, 'search', 'GET /api/orders/search', 'GET', `/api/orders/search?${new URLSearchParams({ q, env: ENV }).toString()}`);
      expect(tally, 'search', answer.status, answer.text, [200]);
    } else if (roll < 60) {
      // An order opened from the list: the order and its approval requests, read side by side.
      const id = pick(Math.random() < 0.8 ? options.pools.refund : options.pools.approval);
      const [order, approvals] = await Promise.all([
        client.send(home, 'read', 'GET /env/sandbox/psp/v2/order/{id}/', 'GET', `/env/${ENV}/psp/v2/order/${id}/`),
        client.send(home, 'read', 'GET /api/env/sandbox/orders/{id}/approvals', 'GET', `/api/env/${ENV}/orders/${id}/approvals`),
      ]);
      expect(tally, 'read order', order.status, order.text, [200]);
      expect(tally, 'read approvals', approvals.status, approvals.text, [200]);
    } else if (roll < 70) {
      // A page loaded whole (a new tab, a reload): rendered by the server with its data.
      const list = Math.random() < 0.5;
      const path = list ? '/orders' : `/orders/${pick(options.pools.refund)}`;
      const answer = await client.send(home, 'page', list ? 'GET /orders' : 'GET /orders/{id}', 'GET', path, { accept: 'text/html' });
      if (expect(tally, path, answer.status, answer.text, [200]) && !answer.text.includes('data-server-rendered')) expect(tally, `${path} (not rendered by the server)`, 0, '', [200]);
    } else if (roll < 90) {
      await refund(person, dealer, tally);
    } else if (person.approver) {
      await approveOne(person, tally);
    } else {
      const orderId = dealer.nextApprovalOrder();
      const answer = await client.send(home, 'approval', 'POST /api/env/sandbox/orders/{id}/refunds (over the threshold)', 'POST', `/api/env/${ENV}/orders/${orderId}/refunds`, {
        body: { amount: options.overThreshold, destination_account_number: ACCOUNT, reason: 'Goods returned' },
      });
      if (expect(tally, 'approval request', answer.status, answer.text, [202])) tally.requested += 1;
    }
  }
}

async function refund(person: Person, dealer: Dealer, tally: Tally): Promise<void> {
  const { orderId, amount } = dealer.nextRefund();
  const answer = await person.client.send(person.home, 'refund', 'POST /api/env/sandbox/orders/{id}/refunds', 'POST', `/api/env/${ENV}/orders/${orderId}/refunds`, {
    body: { amount, destination_account_number: ACCOUNT, reason: 'Customer request' },
  });
  tally.refunds.push({ orderId, amount, status: answer.status });
  expect(tally, 'refund', answer.status, answer.text, [200]);
}

/** The approver's queue, then the oldest request someone else asked for, approved. */
async function approveOne(person: Person, tally: Tally): Promise<void> {
  const { client, home } = person;
  const queue = await client.send(home, 'read', 'GET /api/approvals', 'GET', '/api/approvals');
  if (!expect(tally, 'approval queue', queue.status, queue.text, [200])) return;
  const parsed = queueSchema.safeParse(parseJson(queue.text));
  if (!parsed.success) {
    expect(tally, 'approval queue (shape)', 0, queue.text, [200]);
    return;
  }
  const waiting = parsed.data.results.map((r) => r.approval).filter((a) => a.state === 'pending' && a.requester !== person.email);
  const chosen = waiting[0];
  if (chosen === undefined) return;
  const answer = await client.send(home, 'approval', 'POST /api/approvals/{id}/approve', 'POST', `/api/approvals/${chosen.id}/approve`, { body: { note: 'Checked with the customer' } });
  if (answer.status === 409) tally.decidedByOther += 1;
  else if (expect(tally, 'approve', answer.status, answer.text, [200])) tally.approved.push(chosen.id);
}
