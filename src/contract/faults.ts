import { z } from 'zod';

// docs/decisions.md D13: fault injection rules of the sandbox, armed per token through the control API and
// applied to the partner interface (/psp/) only. The sandbox validates armed rules with these schemas
// (a bad rule is a 400 with DRF field errors), and the console's Faults panel, the QA kit and the
// scenario runner build and parse them with the same.

/** `read` is GET of one order; `any` matches every /psp/ operation. */
export const FAULT_OPERATIONS = ['create', 'refund', 'read', 'any'] as const;
export const faultOperationSchema = z.enum(FAULT_OPERATIONS, {
  error: (issue) =>
    issue.input === undefined ? 'This field is required' : `Not a valid operation (one of: ${FAULT_OPERATIONS.join(', ')})`,
});

export const FAULT_KINDS = ['status', 'delay', 'drop', 'lose_answer'] as const;

export const MAX_FAULT_DELAY_MS = 60_000;
export const MAX_FAULT_TIMES = 1_000;
export const MAX_ARMED_FAULTS = 100;
export const MAX_RETRY_AFTER_S = 3_600;
/** Retry-After sent with a 429 rule that names none. */
export const DEFAULT_RETRY_AFTER_S = 5;

const wholeNumber = (what: string) =>
  z.int({ error: (issue) => (issue.input === undefined ? `${what} is required` : 'Must be a whole number') });

export const faultEffectSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      /** Answers this status with a DRF {"detail", "code"} body and does nothing. */
      kind: z.literal('status'),
      status: wholeNumber('Status').min(400, { error: 'A fault answers an error status (400-599), not a success' }).max(599, {
        error: 'A fault answers an error status (400-599)',
      }),
      /** Seconds, sent as Retry-After (429 always carries one: DEFAULT_RETRY_AFTER_S when absent). */
      retry_after: wholeNumber('Retry-After').min(0).max(MAX_RETRY_AFTER_S, { error: `At most ${MAX_RETRY_AFTER_S} seconds` }).optional(),
    }),
    z.object({
      /** Waits this long, then handles the request as usual. */
      kind: z.literal('delay'),
      ms: wholeNumber('Delay').min(1, { error: 'At least 1 ms' }).max(MAX_FAULT_DELAY_MS, { error: `At most ${MAX_FAULT_DELAY_MS} ms (60 s)` }),
    }),
    /** Closes the connection without an answer; nothing is done. */
    z.object({ kind: z.literal('drop') }),
    /** Does the operation (committed), then closes the connection without an answer. */
    z.object({ kind: z.literal('lose_answer') }),
  ],
  {
    error: (issue) =>
      issue.input === undefined ? 'This field is required' : `Not a valid effect kind (one of: ${FAULT_KINDS.join(', ')})`,
  },
);

/**
 * `POST /sandbox/faults`. `times` defaults to 1. `order_id` narrows a refund, read or any rule to one
 * order; a create has no order yet, so a create rule naming one could never fire and is refused.
 */
export const faultRuleRequestSchema = z
  .object({
    operation: faultOperationSchema,
    order_id: z.uuid({ error: 'Must be a UUID' }).optional(),
    effect: faultEffectSchema,
    times: wholeNumber('Times').min(1, { error: 'At least 1' }).max(MAX_FAULT_TIMES, { error: `At most ${MAX_FAULT_TIMES}` }).optional(),
  })
  .refine((rule) => rule.operation !== 'create' || rule.order_id === undefined, {
    error: 'A create has no order yet: order_id applies to refund, read or any rules',
    path: ['order_id'],
  });

/** An armed rule as `GET /sandbox/faults` lists it: `remaining` is how many more times it fires. */
export const faultRuleSchema = z.object({
  id: z.string(),
  operation: faultOperationSchema,
  order_id: z.uuid().nullable(),
  effect: faultEffectSchema,
  times: z.int().positive(),
  remaining: z.int().nonnegative(),
  created_at: z.iso.datetime({ offset: true }),
});

export const faultListResponseSchema = z.object({ results: z.array(faultRuleSchema) });

export type FaultOperation = z.infer<typeof faultOperationSchema>;
export type FaultEffect = z.infer<typeof faultEffectSchema>;
export type FaultKind = FaultEffect['kind'];
export type FaultRuleRequest = z.infer<typeof faultRuleRequestSchema>;
export type FaultRule = z.infer<typeof faultRuleSchema>;
