import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

const MAX_NETWORK_RETRIES = 2;

/**
 * Queries retry only when the service could not be reached, at most twice; mutations never retry
 * (a create or a refund sent twice is worse than one that failed). Error side effects (the 401
 * notice) live here, not in the fetch layer.
 */
export function createQueryClient(onAuthError: (error: ApiError) => void): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.isAuth) onAuthError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => error instanceof ApiError && error.kind === 'network' && failureCount < MAX_NETWORK_RETRIES,
        staleTime: 5_000,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
