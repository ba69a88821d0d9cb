import { createHash, timingSafeEqual } from 'node:crypto';
import type { Env, Hono } from 'hono';
import { detailError, errorResponse } from '../../http/errors.ts';
import type { ConsoleMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

// GET /healthz (the process answers), GET /readyz (readiness.ts) and GET /metrics. None
// needs a session, none is audited, and none depends on the Host header (a probe or a scraper calls
// the address it knows): what they say holds no token, address or personal data. /metrics answers
// only with CONSOLE_METRICS_TOKEN as a bearer token, or on CONSOLE_METRICS_PORT (with the token too
// when one is set); without either it is not there.

export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';
export const OPS_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH, METRICS_PATH]);

const NO_STORE = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

// Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first differing byte.
const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

export interface OpsRoutesOptions {
  readiness: Readiness;
  metrics: ConsoleMetrics;
  /** CONSOLE_METRICS_TOKEN, or null. */
  metricsToken: string | null;
  /** This listener serves /metrics (the main one only with a token; the metrics port always). */
  servesMetrics: boolean;
}

export function registerOpsRoutes<E extends Env>(app: Hono<E>, options: OpsRoutesOptions): void {
  app.get(HEALTH_PATH, (c) => c.json({ status: 'ok' }, 200, NO_STORE));

  app.get(READY_PATH, async (c) => {
    const report = await options.readiness.report();
    const ready = report.status === 'ready' || report.status === 'degraded';
    return c.json(report, ready ? 200 : 503, { ...NO_STORE, ...(!ready && { 'Retry-After': '5' }) });
  });

  app.get(METRICS_PATH, async (c) => {
    if (!options.servesMetrics) return errorResponse(c, detailError(404, 'not_found', 'Not found.'));
    if (options.metricsToken !== null && !bearerMatches(c.req.header('authorization'), options.metricsToken)) {
      return errorResponse(c, detailError(401, 'not_authenticated', 'Metrics need the metrics token: Authorization: Bearer <CONSOLE_METRICS_TOKEN>.', { 'WWW-Authenticate': 'Bearer' }));
    }
    return c.body(await options.metrics.render(), 200, { ...NO_STORE, 'Content-Type': options.metrics.registry.contentType });
  });
}
