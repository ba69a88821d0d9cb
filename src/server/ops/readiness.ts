import type { Queryable } from '../../db/store-db.ts';
import type { ConsoleMetrics } from './metrics.ts';

// GET /readyz. Each dependency is asked something cheap (the database `SELECT 1`, a
// service the read of an order that cannot exist), each within a time limit, and the answer is
// kept a moment: however often the endpoint is called, the dependencies are asked at most once per
// CACHE_MS. The answer names each dependency and its state, never an address or a token.
//
// Only the database this process keeps its state in decides "not ready" (503): without it nothing
// works. An environment whose service cannot be reached makes it "degraded" (200): the console still
// serves the other environments, the approvals and the audit, and says 424 for that one; taking every
// console process out of the load balancer for it would answer people with the proxy's 502 instead.

export const READINESS_CACHE_MS = 2_000;
const CHECK_TIMEOUT_MS = 2_500;

export type DependencyState = { status: 'up' | 'down'; ms: number; detail?: string };
export interface ReadinessReport {
  status: 'ready' | 'degraded' | 'not_ready' | 'stopping';
  checks: Record<string, DependencyState>;
}

export interface Dependency {
  /** `database`, `sandbox`, `environment:<id>`. */
  name: string;
  /** Without it the console can do nothing: down means not ready. */
  critical: boolean;
  /** Resolves when the dependency answered as a live one; rejects (or resolves with a word) when not. */
  check(signal: AbortSignal): Promise<string | undefined>;
}

/** The database answers a statement. */
export const databaseDependency = (name: string, db: Queryable, critical: boolean): Dependency => ({
  name,
  critical,
  async check() {
    await db.query('SELECT 1');
    return undefined;
  },
});

const NO_ORDER = '/psp/v2/order/00000000-0000-0000-0000-000000000000/';

/**
 * An Order Service answers the read of an order that cannot exist: 404 (or any answer but a 5xx)
 * means it is up and, with a token, that it took the token; 401 or 403 that it refused the token.
 * `fetchOne` is the service (over HTTP, or the embedded sandbox's app in this process).
 */
export function serviceDependency(name: string, fetchOne: (request: Request) => Promise<Response>, baseUrl: string, token: string | null, critical = false): Dependency {
  return {
    name,
    critical,
    async check(signal) {
      const headers = new Headers({ Accept: 'application/json' });
      if (token !== null) headers.set('Authorization', `Token ${token}`);
      const response = await fetchOne(new Request(`${baseUrl}${NO_ORDER}`, { headers, signal }));
      await response.body?.cancel();
      if (token !== null && (response.status === 401 || response.status === 403)) throw new Error('the service refused the token');
      if (response.status >= 500) throw new Error(`the service answered HTTP ${response.status}`);
      return undefined;
    },
  };
}

const describe = (error: unknown, signal: AbortSignal) => {
  if (signal.aborted) return 'no answer in time';
  if (error instanceof Error && /refused the token|answered HTTP/.test(error.message)) return error.message;
  return 'unreachable';
};

async function run(dependency: Dependency): Promise<DependencyState> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timeout')), { once: true }));
  try {
    const detail = await Promise.race([dependency.check(controller.signal), timedOut]);
    return { status: 'up', ms: Math.round(performance.now() - started), ...(detail !== undefined && { detail }) };
  } catch (error) {
    return { status: 'down', ms: Math.round(performance.now() - started), detail: describe(error, controller.signal) };
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  report(): Promise<ReadinessReport>;
}

export function createReadiness(dependencies: readonly Dependency[], options: { stopping: () => boolean; metrics?: ConsoleMetrics; cacheMs?: number }): Readiness {
  let last: { at: number; report: Promise<ReadinessReport> } | null = null;
  const cacheMs = options.cacheMs ?? READINESS_CACHE_MS;

  const evaluate = async (): Promise<ReadinessReport> => {
    const states = await Promise.all(dependencies.map(run));
    const checks: Record<string, DependencyState> = {};
    let status: ReadinessReport['status'] = 'ready';
    dependencies.forEach((dependency, i) => {
      const state = states[i] ?? { status: 'down', ms: 0 };
      checks[dependency.name] = state;
      options.metrics?.dependencyUp.set({ dependency: dependency.name }, state.status === 'up' ? 1 : 0);
      if (state.status === 'down') status = dependency.critical ? 'not_ready' : status === 'ready' ? 'degraded' : status;
    });
    return { status, checks };
  };

  return {
    async report() {
      const now = Date.now();
      if (last === null || now - last.at >= cacheMs) last = { at: now, report: evaluate() };
      const report = await last.report;
      const final: ReadinessReport = options.stopping() ? { ...report, status: 'stopping' } : report;
      options.metrics?.ready.set(final.status === 'ready' || final.status === 'degraded' ? 1 : 0);
      return final;
    },
  };
}
