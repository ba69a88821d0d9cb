import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { tokenStatus } from './token-status.ts';
import { withoutToken } from './without-token.ts';

const MAX_NETWORK_RETRIES = 2;

/** How long an answer counts as fresh: not asked again when a page showing it mounts. */
export const QUERY_STALE_MS = 5_000;

/**
 * Queries retry only when the service could not be reached, at most twice; mutations never retry
 * (a create or a refund sent twice is worse than one that failed). Error side effects (the 401
 * notice, the header chip's "token rejected", the sign-in dialog) live here, not in the fetch layer.
 * `onAuthError` hears a token the service refused and, in team mode, a session that ended, whichever
 * server said so: the Order Service through the console, or the console's own routes.
 */
export function createQueryClient(onAuthError: (error: ApiError) => void): QueryClient {
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.isSessionEnded) {
      onAuthError(error);
    } else if (error.isAuth) {
      tokenStatus.rejected(withoutToken(error.detail ?? `HTTP ${error.status ?? ''}`));
      onAuthError(error);
    } else if (error.server === 'service' && (error.status === 400 || error.status === 409)) {
      // A refused body or state: DRF checks the token before it reads either (a 404 may come before it).
      tokenStatus.accepted();
    }
  };
  const onSuccess = () => tokenStatus.accepted();
  return new QueryClient({
    queryCache: new QueryCache({ onError, onSuccess }),
    mutationCache: new MutationCache({ onError, onSuccess }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => error instanceof ApiError && error.kind === 'network' && failureCount < MAX_NETWORK_RETRIES,
        staleTime: QUERY_STALE_MS,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
