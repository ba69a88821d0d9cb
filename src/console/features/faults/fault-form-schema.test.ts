import { describe, expect, test } from 'vitest';
import { FAULT_FORM_DEFAULTS, faultFormSchema } from './fault-form-schema.ts';
import { describeFault, remainingLabel } from './fault-describe.ts';
import { FAULT_PRESETS } from './fault-presets.ts';
import { faultRuleRequestSchema } from '../../../contract/faults.ts';

const values = (over: { operation?: string; order_id?: string; effect?: Partial<typeof FAULT_FORM_DEFAULTS.effect>; times?: string }) => ({
  ...FAULT_FORM_DEFAULTS,
  ...over,
  effect: { ...FAULT_FORM_DEFAULTS.effect, ...over.effect },
});

const errorsOf = (input: ReturnType<typeof values>) => {
  const result = faultFormSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the custom rule form', () => {
  test('the defaults are a valid rule: the next create answers 503', () => {
    expect(faultFormSchema.parse(FAULT_FORM_DEFAULTS)).toEqual({ operation: 'create', effect: { kind: 'status', status: 503 }, times: 1 });
  });

  test('only the inputs of the chosen effect are sent', () => {
    expect(faultFormSchema.parse(values({ operation: 'refund', effect: { kind: 'lose_answer', status: 'x', ms: 'y' }, times: '2' }))).toEqual({
      operation: 'refund',
      effect: { kind: 'lose_answer' },
      times: 2,
    });
    expect(faultFormSchema.parse(values({ operation: 'read', order_id: ' 6f1c2a8e-4b7d-4c1e-9a3f-2d5e8b7c6a10 ', effect: { kind: 'delay', ms: '20000' } }))).toEqual({
      operation: 'read',
      order_id: '6f1c2a8e-4b7d-4c1e-9a3f-2d5e8b7c6a10',
      effect: { kind: 'delay', ms: 20000 },
      times: 1,
    });
  });

  test.each([
    [{ effect: { status: '200' } }, 'effect.status', 'A fault answers an error status (400-599), not a success'],
    [{ effect: { status: '' } }, 'effect.status', 'Status is required'],
    [{ effect: { status: '5o3' } }, 'effect.status', 'Must be a whole number'],
    [{ effect: { retry_after: '3601' } }, 'effect.retry_after', 'At most 3600 seconds'],
    [{ effect: { kind: 'delay', ms: '60001' } }, 'effect.ms', 'At most 60000 ms (60 s)'],
    [{ effect: { kind: 'delay', ms: '0' } }, 'effect.ms', 'At least 1 ms'],
    [{ times: '0' }, 'times', 'At least 1'],
    [{ times: '1001' }, 'times', 'At most 1000'],
    [{ order_id: '6f1c2a8e-4b7d-4c1e-9a3f-2d5e8b7c6a10' }, 'order_id', 'A create has no order yet: order_id applies to refund, read or any rules'],
    [{ operation: 'refund', order_id: 'abc' }, 'order_id', 'Must be a UUID'],
    [{ operation: 'delete' }, 'operation', 'Not a valid operation (one of: create, refund, read, any)'],
  ])('%j is refused on %s', (over, path, message) => {
    expect(errorsOf(values(over))[path]).toBe(message);
  });
});

describe('presets and descriptions', () => {
  test('every preset is a rule the sandbox takes', () => {
    for (const preset of FAULT_PRESETS) expect(faultRuleRequestSchema.safeParse(preset.rule).success, preset.id).toBe(true);
  });

  test('the slow read is slower than the console waits', () => {
    const slow = FAULT_PRESETS.find((p) => p.id === 'read-slow');
    expect(slow?.rule.effect).toEqual({ kind: 'delay', ms: 20_000 });
    expect(slow?.title).toBe('Next read takes 20 s');
  });

  test('a rule reads as what it does, and what is left of it', () => {
    expect(describeFault({ operation: 'any', order_id: null, effect: { kind: 'status', status: 429 } })).toBe(
      'Any /psp/ call: answers HTTP 429 with Retry-After 5 s, nothing done',
    );
    expect(describeFault({ operation: 'refund', order_id: 'o-1', effect: { kind: 'drop' } })).toBe('Refund of order o-1: dropped: no answer, nothing done');
    expect(remainingLabel({ remaining: 1, times: 1 })).toBe('fires once more');
    expect(remainingLabel({ remaining: 3, times: 5 })).toBe('fires 3 more times (of 5)');
  });
});
