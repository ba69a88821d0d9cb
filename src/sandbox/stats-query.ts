import type { SandboxStats } from '../contract/stats.ts';
import { NEWEST_REFUSED_LIMIT, sandboxStatsSchema, STATS_HOURS } from '../contract/stats.ts';
import { ORDER_STATUSES } from '../contract/schemas.ts';

// `GET /sandbox/stats`, the owner's orders aggregated by the database, never by loading
// rows into this process. Plain PostgreSQL (it runs on PGlite and on a server alike): every
// parameter is cast, sums are numeric cast to text (exact, two decimals), times are formatted by
// the database as ISO 8601 UTC, so no driver's Date or number conversion touches them.

/** What the queries need of a database: PGlite, a transaction, or the D15 adapters. */
export interface StatsDb {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

// Sums of many numeric(10,2) amounts need more than 10 digits.
const SUM = (expression: string) => `coalesce(sum(${expression}), 0)::numeric(20,2)::text`;
const ISO_MS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

// One pass over the owner's orders: a row per status, and the totals (the () grouping set, status null).
const BY_STATUS_SQL = `SELECT status, count(*)::int AS count, ${SUM('initial_amount')} AS initial_amount,
    ${SUM('current_amount')} AS current_amount, ${SUM('refund_amount')} AS refund_amount
  FROM orders WHERE owner = $1::text
  GROUP BY GROUPING SETS ((status), ())`;

// One pass over the owner's orders of the window, counted per hour, then laid over the window's hours
// (hours without orders count 0). Not a join per hour: there is no index on created_at (D15 dropped
// it to keep creates cheap), and 24 scans of 100,000 orders cost 24 times one.
const PER_HOUR_SQL = `WITH counted AS (
    SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AS h, count(*)::int AS count
    FROM orders
    WHERE owner = $1::text AND created_at >= $2::timestamptz AND created_at < $2::timestamptz + make_interval(hours => $3::int)
    GROUP BY 1)
  SELECT to_char(g.h AT TIME ZONE 'UTC', ${ISO_MS}) AS hour, coalesce(c.count, 0)::int AS count
  FROM generate_series($2::timestamptz, $2::timestamptz + make_interval(hours => $3::int - 1), interval '1 hour') AS g(h)
  LEFT JOIN counted c ON c.h = g.h AT TIME ZONE 'UTC'
  ORDER BY g.h`;

const REFUNDS_SQL = `SELECT count(*)::int AS count, ${SUM('r.amount')} AS amount, count(DISTINCT r.order_id)::int AS orders
  FROM refunds r JOIN orders o ON o.id = r.order_id WHERE o.owner = $1::text`;

// The newest refusals and, with the window, how many there are in all; order_events_refused_idx holds
// just the refusals, so this reads them, not every event of every order.
const REFUSED_SQL = `SELECT e.id::text AS event_id, to_char(e.at AT TIME ZONE 'UTC', ${ISO_MS}) AS at, o.id::text AS order_id,
    o.external_id, e.data, count(*) OVER ()::int AS total
  FROM order_events e JOIN orders o ON o.id = e.order_id
  WHERE o.owner = $1::text AND e.type = 'refund_refused'
  ORDER BY e.id DESC LIMIT $2::int`;

interface StatusRow {
  status: string | null;
  count: number;
  initial_amount: string;
  current_amount: string;
  refund_amount: string;
}

interface RefusedRow {
  event_id: string;
  at: string;
  order_id: string;
  external_id: string;
  data: string;
  total: number;
}

const HOUR_MS = 3_600_000;

/** The start of the first hour the chart shows: the current hour is the last of STATS_HOURS. */
export function firstHour(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - (STATS_HOURS - 1) * HOUR_MS);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function refusal(row: RefusedRow): Record<string, unknown> {
  const data: unknown = JSON.parse(row.data);
  const fields = isRecord(data) ? data : {};
  return {
    event_id: Number(row.event_id),
    at: row.at,
    order_id: row.order_id,
    external_id: row.external_id,
    code: fields['code'],
    http_status: fields['http_status'],
    reason: fields['reason'],
  };
}

/** The owner's orders at a glance, as of `now`. */
export async function selectStats(db: StatsDb, owner: string, now: Date): Promise<SandboxStats> {
  const byStatus = await db.query<StatusRow>(BY_STATUS_SQL, [owner]);
  const perHour = await db.query<{ hour: string; count: number }>(PER_HOUR_SQL, [owner, firstHour(now).toISOString(), STATS_HOURS]);
  const refunds = await db.query<{ count: number; amount: string; orders: number }>(REFUNDS_SQL, [owner]);
  const refused = await db.query<RefusedRow>(REFUSED_SQL, [owner, NEWEST_REFUSED_LIMIT]);

  const total = byStatus.rows.find((row) => row.status === null);
  const perStatus = new Map(byStatus.rows.flatMap((row) => (row.status === null ? [] : [[row.status, row] as const])));
  // Parsed on the way out: the answer is the contract's shape, or this is a bug (a 500), never a silent drift.
  return sandboxStatsSchema.parse({
    generated_at: now.toISOString(),
    orders: {
      count: total?.count ?? 0,
      initial_amount: total?.initial_amount ?? '0.00',
      current_amount: total?.current_amount ?? '0.00',
      refund_amount: total?.refund_amount ?? '0.00',
    },
    by_status: ORDER_STATUSES.map((status) => {
      const row = perStatus.get(status);
      return { status, count: row?.count ?? 0, initial_amount: row?.initial_amount ?? '0.00' };
    }),
    created_per_hour: perHour.rows.map((row) => ({ hour: row.hour, count: row.count })),
    refunds: refunds.rows[0] ?? { count: 0, amount: '0.00', orders: 0 },
    refused_refunds: { count: refused.rows[0]?.total ?? 0, newest: refused.rows.map(refusal) },
  });
}
