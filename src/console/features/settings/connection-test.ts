import { orderServicePaths } from '../../../contract/paths.ts';
import { apiRequest, serviceUrl } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';

export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

interface Tried {
  /** The URL asked (holds a made-up order id, never the token). */
  url: string;
  testedAt: string;
}

export type ConnectionResult = Tried &
  (
    | { kind: 'accepted'; status: number }
    /** The service is there and took the token, but has no read of one order (its GET route is missing). */
    | { kind: 'no-read'; readStatus: number; createStatus: number }
    | { kind: 'rejected'; status: number; detail: string }
    | { kind: 'unreachable' }
    | { kind: 'timeout'; timeoutMs: number }
    | { kind: 'unexpected'; status: number; text: string; hint: string | null }
  );

/**
 * Asks the environment for an order that cannot exist. The service's answer tells whether it is
 * there and takes the token: a DRF 404 means both (the token is checked before the lookup), a 401
 * or 403 means the token was refused. Never throws for an answer or a failure, only when cancelled.
 */
export async function testConnection(
  environment: Environment,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ConnectionResult> {
  const path = orderServicePaths.orderRead(crypto.randomUUID());
  const tried: Tried = { url: serviceUrl(environment, path), testedAt: new Date().toISOString() };
  const timeoutMs = options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS;
  try {
    const response = await apiRequest(environment, { method: 'GET', path, timeoutMs, signal: options.signal });
    return { ...tried, kind: 'accepted', status: response.status };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.routeMissing) return { ...tried, ...(await withoutRead(environment, error, timeoutMs, options.signal)) };
    return { ...tried, ...classify(error, timeoutMs) };
  }
}

/**
 * The read route is missing (an HTML 404 or a 405): a service without a read of one order (D9) looks
 * exactly like a wrong base URL there. An empty create body tells them apart without creating anything:
 * the Order Service refuses it with its own 400 (or 401/403 for the token); a wrong address answers
 * another page.
 */
async function withoutRead(environment: Environment, read: ApiError, timeoutMs: number, signal: AbortSignal | undefined) {
  const readStatus = read.status ?? 0;
  try {
    const response = await apiRequest(environment, { method: 'POST', path: orderServicePaths.orderCreate(), body: {}, timeoutMs, signal });
    return { kind: 'unexpected' as const, status: response.status, text: 'An empty create body was accepted: this is not an Order Service as documented.', hint: null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.isValidation) return { kind: 'no-read' as const, readStatus, createStatus: error.status ?? 400 };
    if (error.isAuth) return classify(error, timeoutMs);
    return classify(read, timeoutMs);
  }
}

function classify(error: ApiError, timeoutMs: number) {
  if (error.kind === 'network') return { kind: 'unreachable' as const };
  if (error.kind === 'timeout') return { kind: 'timeout' as const, timeoutMs };
  const status = error.status ?? 0;
  if (error.isAuth) return { kind: 'rejected' as const, status, detail: error.detail ?? error.rawText ?? '' };
  // A DRF 404 ({"detail": ...}) is the Order Service saying "no such order". An HTML or empty 404
  // comes from a web server or proxy that has no Order Service at this address.
  if (status === 404 && error.detail !== undefined) return { kind: 'accepted' as const, status };
  const hint =
    status === 404
      ? 'Something answered, but not the Order Service: check the base URL.'
      : status >= 200 && status < 300
        ? 'The answer is not JSON: the base URL may point to a website rather than the Order Service.'
        : null;
  return { kind: 'unexpected' as const, status, text: error.rawText ?? error.detail ?? error.message, hint };
}
