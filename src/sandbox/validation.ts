import { z } from 'zod';
import type { ArrayErrorShape, DrfErrorBody } from '../contract/drf-errors.ts';
import { issuesToDrf, NON_FIELD_ERRORS } from '../contract/drf-errors.ts';
import { isAmountString, optionalText } from '../contract/fields.ts';
import { orderAmountProblem } from '../contract/rules.ts';
import type { OrderCreateRequest, RefundRequest } from '../contract/schemas.ts';
import {
  CUSTOMER_FIELDS,
  customerDataSchema,
  orderCreateRequestSchema,
  orderStatusSchema,
  refundRequestSchema,
} from '../contract/schemas.ts';
import type { JsonObject } from './body.ts';

// docs/decisions.md D4/D5: the contract's schemas, plus the checks only the server makes (Epic Stack
// style: one schema on both sides, server-only rules added here).
// D11 comes with those schemas: every string member and decimal input is stripped of leading and
// trailing whitespace before any rule here sees it, and the parsed (stripped) values are what the
// routes store and answer with.

export const CUSTOMER_FIELD_MAX = 255;
// The contract's own row limit for items and transaction_history (schemas.ts `list`).
const MAX_ROWS = 10_000;

const limitedCustomerMembers: Record<string, ReturnType<typeof optionalText>> = {};
for (const field of CUSTOMER_FIELDS) limitedCustomerMembers[field] = optionalText(CUSTOMER_FIELD_MAX);

const positiveOrderAmount = orderCreateRequestSchema.shape.order_data.shape.amount.superRefine((value, ctx) => {
  // A value the pattern already refused has its message; the rule only speaks about amounts.
  if (!isAmountString(value)) return;
  const problem = orderAmountProblem(value);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, input: value });
});

export const serverOrderCreateSchema = orderCreateRequestSchema.extend({
  order_data: orderCreateRequestSchema.shape.order_data.extend({ amount: positiveOrderAmount }),
  customer_data: customerDataSchema.extend(limitedCustomerMembers),
});

export const statusChangeSchema = z.object({ status: orderStatusSchema });

export type Validated<T> = { ok: true; data: T } | { ok: false; errors: DrfErrorBody };

function validate<T>(schema: z.ZodType<T>, body: JsonObject, shape: ArrayErrorShape): Validated<T> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: issuesToDrf(result.error.issues, shape, body) };
}

/**
 * Too many rows is answered before validating rows: a 1 MiB body can hold 300 000 empty rows, and
 * their errors would be a response of tens of megabytes.
 */
function rowLimitErrors(body: JsonObject): DrfErrorBody | null {
  const errors: DrfErrorBody = {};
  for (const key of ['transaction_history', 'items'] as const) {
    const value = body[key];
    if (Array.isArray(value) && value.length > MAX_ROWS) errors[key] = { [NON_FIELD_ERRORS]: [`At most ${MAX_ROWS} rows`] };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

export function validateOrderCreate(body: JsonObject, shape: ArrayErrorShape): Validated<OrderCreateRequest> {
  const tooMany = rowLimitErrors(body);
  if (tooMany !== null) return { ok: false, errors: tooMany };
  return validate(serverOrderCreateSchema, body, shape);
}

/** The refund body alone; the amount against the order's current amount is checked in the store. */
export function validateRefund(body: JsonObject, shape: ArrayErrorShape): Validated<RefundRequest> {
  return validate(refundRequestSchema, body, shape);
}

export function validateStatusChange(body: JsonObject, shape: ArrayErrorShape): Validated<z.infer<typeof statusChangeSchema>> {
  return validate(statusChangeSchema, body, shape);
}
