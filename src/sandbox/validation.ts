import { z } from 'zod';
import type { ArrayErrorShape, DrfErrorBody } from '../contract/drf-errors.ts';
import { issuesToDrf, NON_FIELD_ERRORS } from '../contract/drf-errors.ts';
import { isAmountString, optionalText } from '../contract/fields.ts';
import { orderAmountProblem } from '../contract/rules.ts';
import type { OrderCreateRequest, RefundRequest } from '../contract/schemas.ts';
import {
  CUSTOMER_FIELDS,
  customerDataSchema,
  itemSchema,
  LIST_MAX_ROW_ERRORS as MAX_ROW_ERRORS,
  LIST_MAX_ROWS,
  orderCreateRequestSchema,
  orderStatusSchema,
  refundRequestSchema,
  transactionHistoryItemSchema,
} from '../contract/schemas.ts';
import type { JsonObject } from '../http/body.ts';

// docs/decisions.md D4/D5: the contract's schemas, plus the checks only the server makes (Epic Stack
// style: one schema on both sides, server-only rules added here).
// D11 comes with those schemas: every string member and decimal input is stripped of leading and
// trailing whitespace before any rule here sees it, and the parsed (stripped) values are what the
// routes store and answer with.

export const CUSTOMER_FIELD_MAX = 255;
// The contract's own row limits for items and transaction_history (schemas.ts `list`).
const MAX_ROWS = LIST_MAX_ROWS;

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

const ROW_SCHEMAS = { items: itemSchema, transaction_history: transactionHistoryItemSchema } as const;

/**
 * The errors of at most MAX_ROW_ERRORS invalid rows per list. Rows are checked one by
 * one and the scan stops there, so 10 000 invalid rows cost what 20 do, and the answer stays a few
 * kB instead of megabytes. null when every row of both lists is valid.
 */
function rowErrors(body: JsonObject): z.core.$ZodIssue[] | null {
  const issues: z.core.$ZodIssue[] = [];
  for (const [key, schema] of Object.entries(ROW_SCHEMAS)) {
    const rows = body[key];
    if (!Array.isArray(rows)) continue;
    let invalid = 0;
    for (let index = 0; index < rows.length && invalid < MAX_ROW_ERRORS; index += 1) {
      const result = schema.safeParse(rows[index]);
      if (result.success) continue;
      invalid += 1;
      for (const issue of result.error.issues) issues.push({ ...issue, path: [key, index, ...issue.path] });
    }
  }
  return issues.length > 0 ? issues : null;
}

export function validateOrderCreate(body: JsonObject, shape: ArrayErrorShape): Validated<OrderCreateRequest> {
  const tooMany = rowLimitErrors(body);
  if (tooMany !== null) return { ok: false, errors: tooMany };
  const rows = rowErrors(body);
  if (rows === null) return validate(serverOrderCreateSchema, body, shape);
  // The rest of the body is checked without its lists (their rows are reported above).
  const rest: JsonObject = { ...body };
  for (const key of Object.keys(ROW_SCHEMAS)) if (Array.isArray(rest[key])) rest[key] = [];
  const others = serverOrderCreateSchema.safeParse(rest);
  const issues = [...(others.success ? [] : others.error.issues), ...rows];
  return { ok: false, errors: issuesToDrf(issues, shape, body) };
}

/** The refund body alone; the amount against the order's current amount is checked in the store. */
export function validateRefund(body: JsonObject, shape: ArrayErrorShape): Validated<RefundRequest> {
  return validate(refundRequestSchema, body, shape);
}

export function validateStatusChange(body: JsonObject, shape: ArrayErrorShape): Validated<z.infer<typeof statusChangeSchema>> {
  return validate(statusChangeSchema, body, shape);
}
