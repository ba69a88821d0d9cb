import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { abortableSleep } from '../../bulk/sleep.ts';
import { parseJson } from '../../contract/json-text.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { parseRetryAfter } from '../../contract/retry-after.ts';
import { orderSchema } from '../../contract/schemas.ts';
import type { Database } from '../../db/store-db.ts';
import type { Background } from '../background.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { Upstream } from '../upstream.ts';
import { upsertSightings } from './order-index-store.ts';
import { REFRESHABLE } from './order-index-schema.ts';

// Fresh statuses (docs/order-index.md): orders the index holds that are not final (D7) are read again
// from their service, at most `perSecond` reads a second per environment, the one whose record was
// checked longest ago first (one no service answer ever told of, an imported one, before all), so
// every open order comes round in turn. An order whose status and amounts have not changed for
// RESTING_DAYS rests (nobody refunds or activates it any more, or it would have moved), as does one
// the service answered 404 for (an imported id it does not know) and one checked within the last
// MIN_AGE (what was just seen needs no second look).
//
// One process at a time per environment, across console processes on one PostgreSQL: a lease row
// (order_index_leases) taken with one INSERT ... ON CONFLICT DO UPDATE WHERE the holder is this process
// or the lease has run out, renewed while reading, given back on a clean stop. A stopped process's
// lease runs out after LEASE_MS and another takes it. The embedded sandbox is not read: it tells the
// index of its changes itself (sandbox-feed.ts), and reads would take the read faults people arm.

export const RESTING_DAYS = 30;
const MIN_AGE_MS = 60_000;
const LEASE_MS = 30_000;
const IDLE_MS = 5_000;
const REFUSED_TOKEN_PAUSE_MS = 60_000;
/** A Retry-After longer than this is waited this long: a service asking for an hour is asked again sooner. */
const MAX_PAUSE_S = 300;

export interface RefresherOptions {
  db: Database;
  upstream: Upstream;
  environments: readonly TeamEnvironment[];
  /** Reads a second per environment (CONSOLE_INDEX_REFRESH); 0: off. */
  perSecond: number;
  background: Background;
  log: (line: string) => void;
  /** Tests: a shorter lease, a shorter idle wait, no minimum age. */
  leaseMs?: number;
  idleMs?: number;
  minAgeMs?: number;
}

const TAKE_LEASE = `
  INSERT INTO order_index_leases AS l (environment, holder, expires_at) VALUES ($1, $2, now() + $3::bigint * interval '1 millisecond')
  ON CONFLICT (environment) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
  WHERE l.holder = EXCLUDED.holder OR l.expires_at < now()
  RETURNING holder`;

const NEXT_ORDERS = `
  SELECT o.order_id::text AS order_id FROM order_index o
  WHERE o.environment = $1 AND ${REFRESHABLE}
    AND o.changed_at > now() - interval '${RESTING_DAYS} days'
    AND (o.checked_at IS NULL OR o.checked_at < now() - $2::bigint * interval '1 millisecond')
  ORDER BY o.checked_at NULLS FIRST
  LIMIT $3::int`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface Refresher {
  /** Reads made so far by this process, per environment (the bench shows the pace). */
  reads(environment: string): number;
}

export function startIndexRefresher(options: RefresherOptions): Refresher {
  const { db, background, log } = options;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const idleMs = options.idleMs ?? IDLE_MS;
  const minAgeMs = options.minAgeMs ?? MIN_AGE_MS;
  const counts = new Map<string, number>();
  const sleep = (ms: number) => abortableSleep(ms, background.signal).then(
    () => true,
    () => false,
  );

  const takeLease = async (environment: string) => (await db.query(TAKE_LEASE, [environment, holder, leaseMs])).rows.length > 0;

  /** One read; the pause it asks for before the next one (a 429's Retry-After, a refused token). */
  async function refreshOne(environment: TeamEnvironment, orderId: string): Promise<number> {
    counts.set(environment.id, (counts.get(environment.id) ?? 0) + 1);
    const answer = await options.upstream.call(environment, { method: 'GET', path: orderServicePaths.orderRead(orderId), headers: new Headers({ Accept: 'application/json' }) });
    const checked = (extra = '') => db.query(`UPDATE order_index SET checked_at = now()${extra} WHERE environment = $1 AND order_id = $2::uuid`, [environment.id, orderId]);
    if (answer === null) {
      await checked();
      return 0;
    }
    if (answer.status === 200) {
      const order = orderSchema.safeParse(parseJson(new TextDecoder().decode(answer.body)));
      if (order.success && order.data.id.toLowerCase() === orderId) {
        await upsertSightings(db, [{ environment: environment.id, order: order.data, customer: null, source: 'refresh', seenAt: new Date() }]);
        return 0;
      }
    }
    if (answer.status === 404) {
      await checked(', missing_at = now()');
      return 0;
    }
    await checked();
    if (answer.status === 429 || answer.status === 503) return Math.min(MAX_PAUSE_S, parseRetryAfter(answer.headers.get('retry-after')) ?? 5) * 1000;
    if (answer.status === 401 || answer.status === 403) {
      log(`order index: ${environment.name} refused the console's token (HTTP ${answer.status}); the refresher waits a minute`);
      return REFUSED_TOKEN_PAUSE_MS;
    }
    return 0;
  }

  async function run(environment: TeamEnvironment): Promise<void> {
    const gap = 1000 / options.perSecond;
    while (!background.signal.aborted) {
      try {
        if (!(await takeLease(environment.id))) {
          if (!(await sleep(leaseMs / 3))) break;
          continue;
        }
        let leaseUntil = Date.now() + leaseMs;
        // A batch the lease comfortably covers: a third of it at this pace, at least one.
        const batch = Math.max(1, Math.floor((leaseMs / 3 / gap)));
        const { rows } = await db.query<{ order_id: string }>(NEXT_ORDERS, [environment.id, minAgeMs, batch]);
        if (rows.length === 0) {
          if (!(await sleep(idleMs))) break;
          continue;
        }
        for (const { order_id: orderId } of rows) {
          if (background.signal.aborted) break;
          if (Date.now() > leaseUntil - leaseMs / 3) {
            if (!(await takeLease(environment.id))) break;
            leaseUntil = Date.now() + leaseMs;
          }
          const started = Date.now();
          const pause = await refreshOne(environment, orderId);
          if (!(await sleep(Math.max(pause, gap - (Date.now() - started))))) break;
        }
      } catch (error) {
        log(`order index: the refresher of ${environment.name} failed a step (${describe(error)}); it tries again`);
        if (!(await sleep(idleMs))) break;
      }
    }
    await db.query('DELETE FROM order_index_leases WHERE environment = $1 AND holder = $2', [environment.id, holder]).catch(() => undefined);
  }

  if (options.perSecond > 0) {
    for (const environment of options.environments) if (environment.target.kind === 'http') background.track(run(environment));
  }
  return { reads: (environment) => counts.get(environment) ?? 0 };
}
