import { queryOptions } from '@tanstack/react-query';
import { isRefetch } from '../../lib/session-activity.ts';

// The header's count of approvals waiting (approvals-count-link.tsx) is on every page's shell, so on
// the first screen's path; its answer is parsed with zod in approval-api.ts, which loads with the
// first request instead of with the shell: personal mode never asks and never loads it (the first
// screen loads no zod: docs/performance.md).

export const approvalsCountQuery = () =>
  queryOptions({
    queryKey: ['approvals', 'count'] as const,
    // Read again every 30 s by the page itself: a background read, which keeps no session alive.
    queryFn: async (context) => (await import('./approval-api.ts')).fetchApprovalsCount(context.signal, isRefetch(context)),
    refetchInterval: 30_000,
  });
