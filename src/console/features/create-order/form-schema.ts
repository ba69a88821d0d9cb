import { z } from 'zod';
import { isAmountString } from '../../../contract/fields.ts';
import { orderAmountProblem } from '../../../contract/rules.ts';
import { orderCreateRequestSchema, orderDataSchema } from '../../../contract/schemas.ts';
import type { CreateOrderFormValues } from './form-values.ts';
import { toRequestBody } from './form-values.ts';

// The contract's request schema, plus D4's "order amount > 0" on order_data.amount, the rule the
// sandbox adds. Issues keep the body's paths, which are the inputs' names (D10).
const amountWithRule = orderDataSchema.shape.amount.superRefine((value, ctx) => {
  // The pattern check above does not abort, so a value that is no amount still reaches here.
  if (!isAmountString(value)) return;
  const problem = orderAmountProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const createOrderRequestSchema = orderCreateRequestSchema.extend({
  order_data: z.object(
    { ...orderDataSchema.shape, amount: amountWithRule },
    { error: (issue) => (issue.input === undefined ? 'Order data is required' : 'Must be an object') },
  ),
});

/** Form values in, the request body out: what the form's resolver validates and hands to submit. */
export const createOrderFormSchema = z.preprocess((values: CreateOrderFormValues) => toRequestBody(values), createOrderRequestSchema);

export interface FormIssue {
  path: string;
  message: string;
}

/** Every problem with the current values, in input order (for the import report and the preview). */
export function formIssues(values: CreateOrderFormValues): FormIssue[] {
  const result = createOrderFormSchema.safeParse(values);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
