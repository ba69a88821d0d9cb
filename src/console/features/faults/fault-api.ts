import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaultRule, FaultRuleRequest } from '../../../contract/faults.ts';
import { faultListResponseSchema, faultRuleSchema } from '../../../contract/faults.ts';
import { sandboxPaths } from '../../../contract/paths.ts';
import { apiRequest } from '../../lib/api-client.ts';
import type { Environment } from '../../lib/environments.ts';
import { faultsKey, readFaultList } from './armed-count.ts';

// docs/decisions.md D13: the token's fault rules, through the sandbox control API.

/** `GET /sandbox/faults`: the armed rules, oldest first, each with how many times it still fires. */
export async function listFaults(environment: Environment, signal?: AbortSignal): Promise<FaultRule[]> {
  return faultListResponseSchema.parse(await readFaultList(environment, signal)).results;
}

export async function armFault(environment: Environment, rule: FaultRuleRequest): Promise<FaultRule> {
  const response = await apiRequest(environment, { method: 'POST', path: sandboxPaths.faults(), body: rule });
  return faultRuleSchema.parse(response.data);
}

export async function disarmFault(environment: Environment, faultId: string): Promise<void> {
  await apiRequest(environment, { method: 'DELETE', path: sandboxPaths.fault(faultId) });
}

export async function disarmAllFaults(environment: Environment): Promise<void> {
  await apiRequest(environment, { method: 'DELETE', path: sandboxPaths.faults() });
}

export const faultQueries = {
  all: faultsKey,
  list: (environment: Environment) =>
    queryOptions({
      queryKey: [...faultsKey(environment), 'list'] as const,
      queryFn: ({ signal }) => listFaults(environment, signal),
    }),
};

function useFaultMutation<T>(environment: Environment, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Whatever the answer, the list is read again: a lost answer may still have armed or disarmed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: faultQueries.all(environment) }),
  });
}

export function useArmFault(environment: Environment) {
  return useFaultMutation(environment, (rule: FaultRuleRequest) => armFault(environment, rule));
}

export function useDisarmFault(environment: Environment) {
  return useFaultMutation(environment, (faultId: string) => disarmFault(environment, faultId));
}

export function useDisarmAllFaults(environment: Environment) {
  return useFaultMutation(environment, () => disarmAllFaults(environment));
}
