import type { EventSource, FaultAppliedEvent, RefundRefusalCode } from '../../../../contract/history.ts';

// One model of an order's history, whichever way it was learned: from the sandbox's record (D12) or
// from what this browser did and saw (its request journal). The panels render only this.

/** One accepted refund, as a row of the refunds table. Amounts are the text the service sent. */
export interface RefundRow {
  key: string;
  at: string;
  amount: string;
  paymentIdentifier: string;
  externalId: string;
  destinationAccount: string;
  /** The order's amounts right after it; null when they were not seen. */
  currentAfter: string | null;
  refundedAfter: string | null;
  /** `control`: the sandbox refunded the rest when the order was moved to refunded (Simulate). */
  source: 'refund' | 'control';
}

/** Who moved an order; `seen` when this browser only noticed the change between two reads. */
export type MoveSource = EventSource | 'seen';

export type HistoryItem =
  | { kind: 'created'; key: string; at: string; externalId: string; initialAmount: string; status: string }
  /** `via`: the statuses passed on the way, when one move took several steps at once (checkout, Simulate). */
  | { kind: 'status'; key: string; at: string; from: string | null; via: string[]; to: string; source: MoveSource }
  | { kind: 'refunded'; key: string; at: string; refund: RefundRow }
  | {
      kind: 'refused';
      key: string;
      at: string;
      /** null when not known (a refusal seen by this browser carries no code). */
      code: RefundRefusalCode | null;
      httpStatus: number | null;
      reason: string;
      /** The order's status when it was refused, when known. */
      status: string | null;
      /** The refund body as sent; null when it was no JSON object. */
      request: Record<string, unknown> | null;
      /** Set when the sandbox kept the body cut: how large it was. */
      requestBytes?: number | undefined;
    }
  | { kind: 'fault'; key: string; at: string; event: FaultAppliedEvent }
  /** A refund this browser sent whose answer never came (or was unreadable): its outcome is unknown. */
  | { kind: 'no-answer'; key: string; at: string; problem: string; request: Record<string, unknown> | null }
  /** An event this console does not know (a newer sandbox), or could not read: shown raw (D9). */
  | { kind: 'unknown'; key: string; at: string | null; type: string | null; problem: string | null; raw: unknown };

export type HistoryOrigin = 'sandbox' | 'browser';

export interface OrderHistory {
  origin: HistoryOrigin;
  /** Oldest first. */
  items: HistoryItem[];
  /** Oldest first. */
  refunds: RefundRow[];
  /**
   * Sandbox: false when there is no `created` event (an order stored before the history existed).
   * Browser: false when this browser did not create the order (or no longer holds the call).
   */
  fromCreation: boolean;
}

/** Steps of one move are written one after the other in one transaction: apart by far less than this. */
export const ONE_MOVE_MS = 1_000;

function withinOneMove(earlier: string, later: string): boolean {
  const gap = Date.parse(later) - Date.parse(earlier);
  return gap >= 0 && gap <= ONE_MOVE_MS;
}

/**
 * One move along several statuses is recorded as one event per step (D12), each stamped as it is
 * written, so a millisecond or so apart: shown as one step with its path
 * (`new → data_completed → … → activated`), none left out, timed at its first step.
 */
export function mergeMoves(items: readonly HistoryItem[]): HistoryItem[] {
  const merged: HistoryItem[] = [];
  for (const item of items) {
    const last = merged.at(-1);
    if (
      item.kind === 'status' &&
      last?.kind === 'status' &&
      last.source === item.source &&
      last.source !== 'seen' &&
      last.to === item.from &&
      withinOneMove(last.at, item.at)
    ) {
      merged[merged.length - 1] = { ...last, via: [...last.via, last.to, ...item.via], to: item.to };
    } else {
      merged.push(item);
    }
  }
  return merged;
}

export type SortOrder = 'newest' | 'oldest';

export function sortItems(items: readonly HistoryItem[], order: SortOrder): HistoryItem[] {
  return order === 'oldest' ? [...items] : [...items].reverse();
}

export const SOURCE_LABEL: Record<MoveSource, string> = {
  checkout: 'the customer at checkout',
  control: 'the sandbox control API (Simulate)',
  refund: 'a refund',
  seen: 'someone else (seen changed by this browser)',
};
