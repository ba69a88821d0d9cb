import type { FaultEffect, FaultOperation, FaultRule } from '../../../contract/faults.ts';
import { DEFAULT_RETRY_AFTER_S } from '../../../contract/faults.ts';

// How a person reads an armed rule (D13): which calls it hits, what it does to them, how often.

const OPERATIONS: Record<FaultOperation, string> = {
  create: 'Create',
  refund: 'Refund',
  read: 'Read of an order',
  any: 'Any /psp/ call',
};

export function operationLabel(operation: FaultOperation, orderId: string | null): string {
  return orderId === null ? OPERATIONS[operation] : `${OPERATIONS[operation]} of order ${orderId}`;
}

export function durationLabel(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function effectLabel(effect: FaultEffect): string {
  switch (effect.kind) {
    case 'status': {
      const retryAfter = effect.retry_after ?? (effect.status === 429 ? DEFAULT_RETRY_AFTER_S : undefined);
      return `answers HTTP ${effect.status}${retryAfter === undefined ? '' : ` with Retry-After ${retryAfter} s`}, nothing done`;
    }
    case 'delay':
      return `answers ${durationLabel(effect.ms)} late`;
    case 'drop':
      return 'dropped: no answer, nothing done';
    case 'lose_answer':
      return 'done, then the answer is lost';
  }
}

export function timesLabel(n: number): string {
  return n === 1 ? 'once' : `${n} times`;
}

/** "Refund: done, then the answer is lost" */
export function describeFault(rule: Pick<FaultRule, 'operation' | 'order_id' | 'effect'>): string {
  return `${operationLabel(rule.operation, rule.order_id)}: ${effectLabel(rule.effect)}`;
}

/** What is left of a rule: "fires 2 more times (of 5)". */
export function remainingLabel(rule: Pick<FaultRule, 'remaining' | 'times'>): string {
  const more = rule.remaining === 1 ? 'fires once more' : `fires ${rule.remaining} more times`;
  return rule.times === rule.remaining ? more : `${more} (of ${rule.times})`;
}
