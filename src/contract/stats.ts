import { z } from 'zod';
import { refundRefusalCodeSchema } from './history.ts';
import { ORDER_STATUSES, orderStatusSchema } from './schemas.ts';

// The sandbox at a glance: `GET /sandbox/stats`, the token's orders aggregated by the
// database. Sums can exceed one order's 8 integer digits, so they have their own pattern: exact
// decimal strings with two decimals, never numbers.

export const SUM_PATTERN = /^[0-9]+\.[0-9]{2}$/;
const sum = () => z.string().regex(SUM_PATTERN, 'A sum like 1250.00');
const count = () => z.int().nonnegative();

/** How many of the newest refused refunds the overview lists. */
export const NEWEST_REFUSED_LIMIT = 10;
/** The per-hour chart covers this many hours, the current one last. */
export const STATS_HOURS = 24;

export const statusStatsSchema = z.object({
  status: orderStatusSchema,
  count: count(),
  /** The sum of the orders' initial amounts. */
  initial_amount: sum(),
});

export const hourStatsSchema = z.object({
  /** The start of the hour (UTC). */
  hour: z.iso.datetime({ offset: true }),
  count: count(),
});

export const refusedRefundSchema = z.object({
  event_id: z.int().positive(),
  at: z.iso.datetime({ offset: true }),
  order_id: z.uuid(),
  external_id: z.string(),
  code: refundRefusalCodeSchema,
  http_status: z.int(),
  reason: z.string(),
});

export const sandboxStatsSchema = z.object({
  generated_at: z.iso.datetime({ offset: true }),
  orders: z.object({ count: count(), initial_amount: sum(), current_amount: sum(), refund_amount: sum() }),
  /** Every documented status, in the document's order, zero counts included. */
  by_status: z.array(statusStatsSchema).length(ORDER_STATUSES.length),
  /** The last STATS_HOURS hours, oldest first, the current (unfinished) hour last. */
  created_per_hour: z.array(hourStatsSchema).length(STATS_HOURS),
  /** Refunds made (simulated moves to refunded included), their sum, and the orders they touched. */
  refunds: z.object({ count: count(), amount: sum(), orders: count() }),
  /** Refunds refused (D12 `refund_refused` events): how many, and the newest first. */
  refused_refunds: z.object({ count: count(), newest: z.array(refusedRefundSchema).max(NEWEST_REFUSED_LIMIT) }),
});

export type SandboxStats = z.infer<typeof sandboxStatsSchema>;
export type StatusStats = z.infer<typeof statusStatsSchema>;
export type HourStats = z.infer<typeof hourStatsSchema>;
export type RefusedRefund = z.infer<typeof refusedRefundSchema>;
