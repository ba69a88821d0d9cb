import { z } from 'zod';
import { orderServicePaths, sandboxPaths } from '../../../../contract/paths.ts';
import { apiErrorFromResponse } from '../../../lib/api-error.ts';
import type { JournalEntry } from '../../../lib/journal.ts';
import { receiveOrder } from '../../orders/order-record.ts';
import type { OrderRecord } from '../../orders/order-record.ts';
import type { HistoryItem, OrderHistory } from './history-model.ts';

// Where the service keeps no history this console can read, the history is rebuilt from what this
// browser did: the request journal's calls about this order (its create, reads, refunds, moves). It
// knows only those calls, and says so ("seen from this browser").

export interface BrowserHistory {
  history: OrderHistory;
  /** The create call's body as this browser sent it, when this browser created the order. */
  createBody: string | null;
  /** When the create was sent. */
  createdAt: string | null;
  /** How many answered reads of the order the journal holds, and the first one. */
  reads: number;
  firstRead: { at: string; status: string } | null;
}

const objectSchema = z.record(z.string(), z.unknown());

/** A JSON object from a journal body, or null (no body, not JSON, not an object, shortened). */
function jsonObject(text: string | null): Record<string, unknown> | null {
  if (text === null || text === '') return null;
  try {
    const parsed = objectSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function orderFrom(text: string | null): OrderRecord | null {
  const body = jsonObject(text);
  return body === null ? null : receiveOrder(body).record;
}

/** A field of a sent body as text, as the panels show it. */
function textOf(body: Record<string, unknown> | null, field: string): string {
  const value = body?.[field];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function refusalReason(entry: JournalEntry, status: number): string {
  const error = apiErrorFromResponse(entry.method, entry.url, status, entry.responseBody ?? '');
  if (error.detail !== undefined) return error.detail;
  const parts = [...error.fieldErrors.map((f) => `${f.path}: ${f.messages.join(' ')}`), ...error.nonFieldErrors];
  return parts.length > 0 ? parts.join('; ') : error.message;
}

const isSuccess = (status: number | null): boolean => status !== null && status >= 200 && status < 300;
const isRefusal = (status: number | null): boolean => status !== null && status >= 400 && status < 500;

export function historyFromJournal(entries: readonly JournalEntry[], environmentName: string, orderId: string): BrowserHistory {
  const id = orderId.toLowerCase();
  const readPath = orderServicePaths.orderRead(id);
  const refundPath = orderServicePaths.orderRefund(id);
  const movePath = sandboxPaths.orderStatus(id);
  const createPath = orderServicePaths.orderCreate();

  const items: HistoryItem[] = [];
  let status: string | null = null;
  let createBody: string | null = null;
  let createdAt: string | null = null;
  let reads = 0;
  let firstRead: BrowserHistory['firstRead'] = null;

  /** The status an answer shows; a change from the last one known becomes a step of the timeline. */
  const follow = (key: string, at: string, next: string, source: 'refund' | 'control' | 'seen') => {
    if (status !== null && next !== status) items.push({ kind: 'status', key, at, from: status, via: [], to: next, source });
    status = next;
  };

  // The journal is newest first; ids grow in the order the calls were sent.
  const mine = entries.filter((e) => e.environmentName === environmentName).toSorted((a, b) => a.id - b.id);
  for (const entry of mine) {
    const path = entry.path.toLowerCase();
    const key = `journal-${entry.id}`;
    if (entry.method === 'POST' && path === createPath && isSuccess(entry.status)) {
      const order = orderFrom(entry.responseBody);
      if (order === null || order.id.toLowerCase() !== id) continue;
      createBody = entry.requestBody;
      createdAt = entry.startedAt;
      items.push({ kind: 'created', key, at: entry.startedAt, externalId: order.external_id, initialAmount: order.initial_amount, status: order.status });
      status = order.status;
    } else if (entry.method === 'GET' && path === readPath && isSuccess(entry.status)) {
      const order = orderFrom(entry.responseBody);
      if (order === null) continue;
      reads += 1;
      firstRead ??= { at: entry.startedAt, status: order.status };
      follow(key, entry.startedAt, order.status, 'seen');
    } else if (entry.method === 'POST' && path === refundPath) {
      const body = jsonObject(entry.requestBody);
      if (isSuccess(entry.status)) {
        const order = orderFrom(entry.responseBody);
        // An accepted refund found the order activated: if this browser last knew another status,
        // the order was moved elsewhere in between (a customer at checkout), not by this refund.
        follow(`${key}-before`, entry.startedAt, 'activated', 'seen');
        items.push({
          kind: 'refunded',
          key,
          at: entry.startedAt,
          refund: {
            key,
            at: entry.startedAt,
            amount: textOf(body, 'amount'),
            paymentIdentifier: textOf(body, 'payment_identifier'),
            externalId: textOf(body, 'external_id'),
            destinationAccount: textOf(body, 'destination_account_number'),
            currentAfter: order?.current_amount ?? null,
            refundedAfter: order?.refund_amount ?? null,
            source: 'refund',
          },
        });
        // Only activated -> refunded is a refund's own move; anything else was seen, not made here.
        if (order !== null) follow(`${key}-status`, entry.startedAt, order.status, order.status === 'refunded' ? 'refund' : 'seen');
      } else if (entry.status !== null && isRefusal(entry.status)) {
        items.push({ kind: 'refused', key, at: entry.startedAt, code: null, httpStatus: entry.status, reason: refusalReason(entry, entry.status), status, request: body });
      } else if (entry.status !== null || entry.error !== null) {
        // A 5xx, a lost answer, a timeout: the refund may or may not have happened.
        const problem = entry.status !== null ? `HTTP ${entry.status}` : (entry.error ?? 'No answer');
        items.push({ kind: 'no-answer', key, at: entry.startedAt, problem, request: body });
      }
    } else if (entry.method === 'POST' && path === movePath && isSuccess(entry.status)) {
      const order = orderFrom(entry.responseBody);
      if (order !== null) follow(key, entry.startedAt, order.status, 'control');
    }
  }

  return {
    history: {
      origin: 'browser',
      items,
      refunds: items.flatMap((item) => (item.kind === 'refunded' ? [item.refund] : [])),
      fromCreation: createBody !== null,
    },
    createBody,
    createdAt,
    reads,
    firstRead,
  };
}
