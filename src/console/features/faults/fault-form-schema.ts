import { z } from 'zod';
import type { FaultRuleRequest } from '../../../contract/faults.ts';
import { faultRuleRequestSchema } from '../../../contract/faults.ts';

// The custom rule form: every input is text (a select gives text too), named by its JSON path in
// the request body (D10). The values become a request body, which the contract's own schema checks,
// so the form refuses exactly what the sandbox would, with the same words, on the same inputs.

export interface FaultFormValues {
  operation: string;
  order_id: string;
  effect: { kind: string; status: string; retry_after: string; ms: string };
  times: string;
}

export const FAULT_FORM_DEFAULTS: FaultFormValues = {
  operation: 'create',
  order_id: '',
  effect: { kind: 'status', status: '503', retry_after: '', ms: '20000' },
  times: '1',
};

export const FAULT_FORM_FIELDS = ['operation', 'order_id', 'effect.kind', 'effect.status', 'effect.retry_after', 'effect.ms', 'times'] as const;
export type FaultFormField = (typeof FAULT_FORM_FIELDS)[number];

export function isFaultFormField(path: string): path is FaultFormField {
  return (FAULT_FORM_FIELDS as readonly string[]).includes(path);
}

/** A whole number as typed, or the text itself so the schema says "Must be a whole number"; empty is absent. */
function wholeNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?[0-9]{1,9}$/.test(trimmed) ? Number.parseInt(trimmed, 10) : trimmed;
}

/** The request body the values stand for; only the inputs the chosen effect shows take part. */
export function faultRequestBody(values: FaultFormValues): Record<string, unknown> {
  const { kind } = values.effect;
  let effect: Record<string, unknown>;
  if (kind === 'status') {
    const retryAfter = wholeNumber(values.effect.retry_after);
    effect = { kind, status: wholeNumber(values.effect.status), ...(retryAfter === undefined ? {} : { retry_after: retryAfter }) };
  } else if (kind === 'delay') {
    effect = { kind, ms: wholeNumber(values.effect.ms) };
  } else {
    effect = { kind };
  }
  const orderId = values.order_id.trim();
  return {
    operation: values.operation,
    ...(orderId === '' ? {} : { order_id: orderId }),
    effect,
    times: wholeNumber(values.times),
  };
}

export const faultFormSchema: z.ZodType<FaultRuleRequest, FaultFormValues> = z
  .object({
    operation: z.string(),
    order_id: z.string(),
    effect: z.object({ kind: z.string(), status: z.string(), retry_after: z.string(), ms: z.string() }),
    times: z.string(),
  })
  .transform(faultRequestBody)
  .pipe(faultRuleRequestSchema);
