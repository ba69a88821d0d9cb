import { z } from 'zod';
import { amount } from './fields.ts';
import { refundRequestSchema } from './schemas.ts';

// A bulk refund run as it is kept between sessions (localStorage in personal mode, the console's
// database in team mode): the plan, fixed before anything is sent, and each row's state. Parsed
// with these schemas whenever it is read back: storage is a boundary like the network.

/** One refund of the plan. `body` carries the identifiers generated when the plan was made. */
export const plannedRefundSchema = z.object({
  key: z.string(),
  line: z.int(),
  order_id: z.string(),
  reason: z.string(),
  body: refundRequestSchema,
});

export const ROW_OUTCOMES = ['refunded', 'refused', 'skipped', 'unknown'] as const;

export const rowStateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pending') }),
  /**
   * Written (and saved) before each send, with the order's refunded amount just before it: a run
   * found in this state was stopped while a refund was in flight, and must read the order before
   * anything else.
   */
  z.object({ kind: z.literal('sending'), before: amount(), attempts: z.int() }),
  z.object({
    kind: z.literal('refunded'),
    /** The order's amounts after this refund, when known. */
    refunded: z.string().nullable(),
    remaining: z.string().nullable(),
    /** How it is known: the service's answer, the order read again after a lost answer, its history, or a duplicate refusal of a resend. */
    via: z.enum(['answer', 'check', 'history', 'duplicate']),
  }),
  z.object({ kind: z.literal('refused'), status: z.int().nullable(), message: z.string() }),
  z.object({ kind: z.literal('skipped'), reason: z.string() }),
  /** Nobody can tell yet whether it was refunded: a resume reads the order again before anything else. */
  z.object({ kind: z.literal('unknown'), before: amount(), message: z.string() }),
]);

export const bulkRunSchema = z.object({
  version: z.literal(1),
  id: z.string(),
  environmentId: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** The sum confirmed by the person, two decimals. */
  total: amount(),
  rows: z.array(z.object({ plan: plannedRefundSchema, state: rowStateSchema })).max(10_000),
  /** Rows of the file that were not sent because a check found a problem (dropped rows are not here). */
  leftOut: z
    .array(z.object({ line: z.int(), order_id: z.string(), amount: z.string(), reason: z.string(), problems: z.array(z.string()) }))
    .max(10_000),
  /** Set when every row has an outcome (refunded, refused, skipped); unknown rows keep a run open. */
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});

export type PlannedRefund = z.infer<typeof plannedRefundSchema>;
export type RowState = z.infer<typeof rowStateSchema>;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];
export type BulkRun = z.infer<typeof bulkRunSchema>;
export type BulkRunRow = BulkRun['rows'][number];
