import type { FaultRuleRequest } from '../../../contract/faults.ts';
import { DEFAULT_TIMEOUT_MS } from '../../lib/api-client.ts';

// One-click rules for the failures a partner meets in real life, in words a person
// understands. Each says what the console should then do, which is what it is there to check.

export interface FaultPreset {
  id: string;
  title: string;
  /** What happens, and what to look for in the console. */
  hint: string;
  rule: FaultRuleRequest;
}

/** Longer than the console waits for an answer, so the read times out. */
const SLOW_READ_MS = Math.ceil((DEFAULT_TIMEOUT_MS + 5_000) / 1000) * 1000;

export const FAULT_PRESETS: readonly FaultPreset[] = [
  {
    id: 'create-503',
    title: 'Next create answers 503',
    hint: 'Nothing is created. The form keeps what was typed; Retry creates the order once.',
    rule: { operation: 'create', effect: { kind: 'status', status: 503 }, times: 1 },
  },
  {
    id: 'create-lost',
    title: 'Lose the answer of the next create',
    hint: 'The order is created but no answer comes. Retry finds it by its external id instead of sending it again.',
    rule: { operation: 'create', effect: { kind: 'lose_answer' }, times: 1 },
  },
  {
    id: 'refund-lost',
    title: 'Lose the answer of the next refund',
    hint: 'The refund is made but no answer comes. The dialog reads the order again and says it went through.',
    rule: { operation: 'refund', effect: { kind: 'lose_answer' }, times: 1 },
  },
  {
    id: 'refund-drop',
    title: 'Drop the next refund',
    hint: 'No answer and nothing done. The dialog finds nothing changed and offers to send it again with the same payment identifier.',
    rule: { operation: 'refund', effect: { kind: 'drop' }, times: 1 },
  },
  {
    id: 'any-429',
    title: 'Every call answers 429 for the next 5 calls',
    hint: 'Throttled, with Retry-After 30 s. The console says when to try again and does not retry a refund by itself.',
    rule: { operation: 'any', effect: { kind: 'status', status: 429, retry_after: 30 }, times: 5 },
  },
  {
    id: 'read-slow',
    title: `Next read takes ${SLOW_READ_MS / 1000} s`,
    hint: `Longer than the console waits (${DEFAULT_TIMEOUT_MS / 1000} s): the order page says the refresh timed out, and the next poll recovers.`,
    rule: { operation: 'read', effect: { kind: 'delay', ms: SLOW_READ_MS }, times: 1 },
  },
  {
    id: 'refund-500',
    title: 'Next refund answers 500',
    hint: 'Nothing is refunded. The dialog reads the order to be sure, then offers to try again.',
    rule: { operation: 'refund', effect: { kind: 'status', status: 500 }, times: 1 },
  },
  {
    id: 'create-drop',
    title: 'Drop the next create',
    hint: 'No answer and nothing created. Retry checks by external id, finds nothing, and sends it once.',
    rule: { operation: 'create', effect: { kind: 'drop' }, times: 1 },
  },
];
