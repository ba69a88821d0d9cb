import { useSyncExternalStore } from 'react';
import { environmentStore, getActiveEnvironment, getToken } from './environments.ts';

// Whether the service refused the active environment's token (401/403) and has not accepted it
// since: the header chip shows it, where a green chip over every call answering 401 misled
// people. Set and cleared by the query client's caches (lib/query-client.ts), where error side
// effects live. It holds which environment and the token refused, in memory only, so a token changed
// in Settings is not shown as refused before the service has been asked.

interface Rejection {
  environmentId: string;
  token: string;
  detail: string;
}

let rejection: Rejection | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const tokenStatus = {
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    const fromEnvironments = environmentStore.subscribe(listener);
    return () => {
      listeners.delete(listener);
      fromEnvironments();
    };
  },
  /** The active environment's token was refused, with the service's words (never the token). */
  rejected: (detail: string): void => {
    const { id } = getActiveEnvironment();
    rejection = { environmentId: id, token: getToken(id), detail };
    emit();
  },
  /** A call of the active environment went through: its token is good. */
  accepted: (): void => {
    if (rejection === null || rejection.environmentId !== getActiveEnvironment().id) return;
    rejection = null;
    emit();
  },
  /** The service's words when it refused this environment's current token, else null. */
  rejectionOf: (environmentId: string): string | null =>
    rejection !== null && rejection.environmentId === environmentId && rejection.token === getToken(environmentId) ? rejection.detail : null,
  /** Tests start from a clean slate. */
  reset: (): void => {
    rejection = null;
    emit();
  },
};

export function useTokenRejection(environmentId: string): string | null {
  return useSyncExternalStore(tokenStatus.subscribe, () => tokenStatus.rejectionOf(environmentId), () => null);
}
