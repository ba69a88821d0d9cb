import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Environment } from '../../lib/environments.ts';
import { journal } from '../../lib/journal.ts';
import { faultsKey } from './armed-count.ts';

const isFinishedPartnerCall = (entry: { path: string; durationMs: number | null }) => entry.path.startsWith('/psp/') && entry.durationMs !== null;

/**
 * While a rule is armed, the list is read again whenever one of this console's /psp/ calls ends
 * (the call may have used a rule up), so the header and the Faults page count down as faults fire,
 * without asking the sandbox on a timer.
 */
export function useFaultsWatch(environment: Environment, armed: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!armed) return undefined;
    const seen = new Set(journal.getSnapshot().filter(isFinishedPartnerCall).map((entry) => entry.id));
    return journal.subscribe(() => {
      let fresh = false;
      for (const entry of journal.getSnapshot()) {
        if (isFinishedPartnerCall(entry) && !seen.has(entry.id)) {
          seen.add(entry.id);
          fresh = true;
        }
      }
      if (fresh) void queryClient.invalidateQueries({ queryKey: faultsKey(environment) });
    });
  }, [armed, environment, queryClient]);
}
