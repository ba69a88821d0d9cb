import type { OrderEvent } from '../contract/history.ts';
import { compareMoney, formatMoney } from '../contract/money.ts';
import { lostAnswerVerdict } from '../contract/refund-check.ts';
import { refundStatusProblem } from '../contract/rules.ts';
import type { RefundRequest } from '../contract/schemas.ts';
import type { OrderLookup } from './checks.ts';
import type { BulkRun, BulkRunRow, PlannedRefund, RowState } from '../contract/bulk-run-model.ts';
import { isFinal } from './run-model.ts';

// The bulk refund runner. Everything it touches is handed in (the calls to the service, the clock,
// the store), so the same engine runs in the browser (personal mode) and on the console server
// (team mode). One row at a time, at a bounded rate; a refund is never sent twice without first
// learning that the earlier one did not happen.

/** What a refund request got back. The transport reports; the engine decides what it means. */
export type SendAnswer =
  | { kind: 'answered'; refunded: string; remaining: string }
  /** Any HTTP error answer, with the service's words. `fields`: the body fields a DRF 400 named. */
  | { kind: 'status'; status: number; message: string; fields: string[]; retryAfterSeconds?: number }
  /** No answer, a timeout, or an answer that could not be read: its effect is unknown. */
  | { kind: 'lost'; message: string };

export interface EngineDeps {
  send: (orderId: string, body: RefundRequest, signal: AbortSignal) => Promise<SendAnswer>;
  readOrder: (orderId: string, signal: AbortSignal) => Promise<OrderLookup>;
  /** D12 history, where the service has one (a sandbox): null when it cannot be read. */
  readHistory?: (orderId: string, signal: AbortSignal) => Promise<OrderEvent[] | null>;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  /** Persists the run; awaited before every refund is sent. */
  save: (run: BulkRun) => Promise<void>;
  onProgress?: (run: BulkRun) => void;
}

export interface EngineOptions {
  /** Refund requests per second at most. */
  ratePerSecond: number;
  /** Sends (and reads) of one row before it is given up: bounds every loop. */
  maxAttempts: number;
  /** The wait before try `attempt` (1-based) after a 503 or a failed read. */
  backoffMs: (attempt: number) => number;
  /** A Retry-After longer than this is cut to it (a person is watching). */
  maxRetryAfterSeconds: number;
  /** The wait after a 429 that names no Retry-After. */
  defaultRetryAfterSeconds: number;
}

export const DEFAULT_ENGINE_OPTIONS: EngineOptions = {
  ratePerSecond: 2,
  maxAttempts: 6,
  backoffMs: (attempt) => Math.min(30_000, 500 * 2 ** (attempt - 1)),
  maxRetryAfterSeconds: 120,
  defaultRetryAfterSeconds: 5,
};

class Stopped extends Error {
  constructor() {
    super('The run was stopped');
  }
}

/** Runs every row without an outcome; returns the run as saved last. Stopping (`signal`) leaves a resumable run. */
export async function runBulk(initial: BulkRun, deps: EngineDeps, options: EngineOptions, signal: AbortSignal): Promise<BulkRun> {
  let run = initial;
  let nextSendAt = 0;
  const interval = 1000 / options.ratePerSecond;

  const set = async (index: number, state: RowState) => {
    const rows = run.rows.map((r, i) => (i === index ? { ...r, state } : r));
    const finished = rows.every((r) => isFinal(r.state));
    run = { ...run, rows, finishedAt: finished ? (run.finishedAt ?? new Date(deps.now()).toISOString()) : null };
    await deps.save(run);
    deps.onProgress?.(run);
  };

  const wait = async (ms: number) => {
    if (signal.aborted) throw new Stopped();
    if (ms > 0) {
      try {
        await deps.sleep(ms, signal);
      } catch {
        throw new Stopped();
      }
    }
    if (signal.aborted) throw new Stopped();
  };

  /** The order, read with retries; the last failure when it could not be read in `maxAttempts` tries. */
  const read = async (orderId: string): Promise<OrderLookup> => {
    let last: OrderLookup = { kind: 'failed', message: 'not read' };
    for (let attempt = 1; attempt <= options.maxAttempts; attempt += 1) {
      if (attempt > 1) await wait(options.backoffMs(attempt - 1));
      try {
        last = await deps.readOrder(orderId, signal);
      } catch (error) {
        if (signal.aborted) throw new Stopped();
        last = { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
      if (last.kind !== 'failed') return last;
    }
    return last;
  };

  /**
   * After a lost answer, on resume of a row stopped in flight, or when the service says it has this
   * payment identifier already (`duplicate`): did THIS refund happen? Only when the order shows it: its
   * refunded amount grown by exactly this amount, or a refunded event of this identifier and amount in
   * its history. An identifier the service knows from another refund (of 0.01, say) is not this one.
   */
  const verify = async (plan: PlannedRefund, before: string, duplicate = false): Promise<RowState | 'resend'> => {
    const lost = duplicate ? 'The service already has this payment identifier' : 'The answer was lost';
    const lookup = await read(plan.order_id);
    if (lookup.kind === 'failed') return { kind: 'unknown', before, message: `${lost} and the order could not be read again: ${lookup.message}` };
    if (lookup.kind === 'not-found') return { kind: 'unknown', before, message: `${lost} and the order can no longer be found` };
    const { order } = lookup;
    const verdict = lostAnswerVerdict(before, order.refund_amount, plan.body.amount);
    if (verdict === 'applied') return { kind: 'refunded', refunded: order.refund_amount, remaining: order.current_amount, via: duplicate ? 'duplicate' : 'check' };
    if (verdict === 'not-applied' && !duplicate) return 'resend';
    // Moved by another amount, or the identifier known while the amount did not move: only the order's history can say.
    const events = deps.readHistory === undefined ? null : await deps.readHistory(plan.order_id, signal).catch(() => null);
    if (events === null) {
      return { kind: 'unknown', before, message: `${lost} and the order's refunded amount went from ${before} to ${order.refund_amount}, not up by ${plan.body.amount}: check its refunds before refunding again` };
    }
    const ours = events.find((e) => e.type === 'refunded' && e.payment_identifier === plan.body.payment_identifier);
    if (ours?.type !== 'refunded') {
      if (!duplicate) return 'resend';
      return { kind: 'refused', status: 400, message: `The service already has the payment identifier ${plan.body.payment_identifier}, but the order's history shows no refund with it: nothing of this refund was made` };
    }
    if (compareMoney(ours.amount, plan.body.amount) !== 0) {
      return { kind: 'refused', status: null, message: `The payment identifier ${plan.body.payment_identifier} was used by a refund of ${ours.amount}, not this one of ${plan.body.amount}: this refund was not made` };
    }
    return { kind: 'refunded', refunded: ours.refund_amount, remaining: ours.current_amount, via: duplicate ? 'duplicate' : 'history' };
  };

  /** Sends the row's refund (same identifiers every time) until it has an outcome. */
  const sendRow = async (index: number, plan: PlannedRefund, before: string, attemptsSoFar: number): Promise<RowState> => {
    for (let attempt = attemptsSoFar + 1; attempt <= options.maxAttempts; attempt += 1) {
      await wait(nextSendAt - deps.now());
      await set(index, { kind: 'sending', before, attempts: attempt });
      nextSendAt = deps.now() + interval;
      let answer: SendAnswer;
      try {
        answer = await deps.send(plan.order_id, plan.body, signal);
      } catch (error) {
        if (signal.aborted) throw new Stopped();
        answer = { kind: 'lost', message: error instanceof Error ? error.message : String(error) };
      }
      if (signal.aborted) throw new Stopped();
      if (answer.kind === 'answered') return { kind: 'refunded', refunded: answer.refunded, remaining: answer.remaining, via: 'answer' };
      if (answer.kind === 'status') {
        const { status } = answer;
        // A resend the service knows already: the first one went through, if the order shows it.
        if (status === 400 && answer.fields.includes('payment_identifier')) {
          const verdict = await verify(plan, before, true);
          if (verdict !== 'resend') return verdict;
        }
        // Answered without doing anything: safe to send again with the same identifiers, later.
        if (status === 429 || status === 503) {
          const advised = answer.retryAfterSeconds ?? (status === 429 ? options.defaultRetryAfterSeconds : undefined);
          const pause = advised === undefined ? options.backoffMs(attempt) : Math.min(advised, options.maxRetryAfterSeconds) * 1000;
          // Retry-After holds for every request, not only this row's.
          nextSendAt = Math.max(nextSendAt, deps.now() + pause);
          continue;
        }
        if (status < 500) return { kind: 'refused', status, message: answer.message };
      }
      // Lost, or a 5xx that may have acted: read the order before anything else.
      const verdict = await verify(plan, before);
      if (verdict !== 'resend') return verdict;
    }
    return { kind: 'refused', status: null, message: `Not sent: the service was unavailable for ${options.maxAttempts} tries; nothing was refunded` };
  };

  /** A row without an outcome: check its order now, then send. */
  const startRow = async (index: number, row: BulkRunRow): Promise<RowState> => {
    const { plan } = row;
    const lookup = await read(plan.order_id);
    if (lookup.kind === 'failed') return { kind: 'skipped', reason: `Not sent: the order could not be read (${lookup.message})` };
    if (lookup.kind === 'not-found') return { kind: 'skipped', reason: 'Not sent: the service has no order with this id' };
    const { order } = lookup;
    const statusProblem = refundStatusProblem(order.status);
    if (statusProblem !== null) return { kind: 'skipped', reason: `Not sent: ${statusProblem}` };
    if (compareMoney(plan.body.amount, order.current_amount) > 0) {
      return { kind: 'skipped', reason: `Not sent: the order's current amount is ${formatMoney(order.current_amount)} now, less than ${plan.body.amount}` };
    }
    return sendRow(index, plan, order.refund_amount, 0);
  };

  try {
    for (let index = 0; index < run.rows.length; index += 1) {
      if (signal.aborted) throw new Stopped();
      const row = run.rows[index];
      if (row === undefined || isFinal(row.state)) continue;
      let state: RowState;
      if (row.state.kind === 'pending') {
        state = await startRow(index, row);
      } else if (row.state.kind === 'sending' || row.state.kind === 'unknown') {
        // Stopped in flight, or unknown before: the order first, never a blind resend.
        // A resumed run gets its own tries: the ones before the stop say nothing about the service now.
        const { before } = row.state;
        const verdict = await verify(row.plan, before);
        state = verdict === 'resend' ? await sendRow(index, row.plan, before, 0) : verdict;
      } else {
        continue;
      }
      await set(index, state);
    }
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
  }
  return run;
}
