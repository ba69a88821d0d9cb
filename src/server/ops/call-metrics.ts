import type { ConsoleMetrics } from './metrics.ts';

// Each call to an environment's Order Service (forward.ts: the browser's, and the server's
// own for approvals and bulk runs) counted by environment, operation and outcome. 424 is what the
// forwarder answers when the service could not be reached (or refused the token): never the service's.

/** `status` the service's (or the forwarder's 424); `seconds` from the call to its answer. */
export type CallObserver = (environmentId: string, method: string, path: string, status: number, seconds: number) => void;

const REFUND = /^\/psp\/v2\/order\/[^/]+\/refund\/$/;
const ONE_ORDER = /^\/psp\/v2\/order\/[^/]+\/$/;

/** A word from a small fixed set for what the call did. */
export function operationOf(method: string, path: string): string {
  if (method === 'POST' && path === '/psp/v2/order/') return 'create';
  if (method === 'POST' && REFUND.test(path)) return 'refund';
  if (ONE_ORDER.test(path)) return 'read';
  if (/^\/sandbox\/orders\/[^/]+\/events$/.test(path)) return 'history';
  return path.startsWith('/sandbox/') ? 'sandbox' : 'other';
}

export const outcomeOf = (status: number) => (status === 424 ? 'unreachable' : `${Math.floor(status / 100)}xx`);

export function callObserver(metrics: ConsoleMetrics): CallObserver {
  return (environment, method, path, status, seconds) => {
    const operation = operationOf(method, path);
    metrics.forwarded.inc({ environment, operation, outcome: outcomeOf(status) });
    metrics.forwardedDuration.observe({ environment, operation }, seconds);
  };
}
