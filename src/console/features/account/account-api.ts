import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangePasswordBody } from '../../../contract/account.ts';
import { accountPaths, accountSchema } from '../../../contract/account.ts';
import { consoleRequest } from '../../lib/api-client.ts';

// docs/accounts.md: the console server's /api/account, the signed-in person's own account (team mode,
// local sign-in). Answers parsed with the contract's schemas; passwords go only in the request body.

export const accountQueries = {
  all: () => ['account'] as const,
  account: () =>
    queryOptions({
      queryKey: ['account', 'self'] as const,
      queryFn: async ({ signal }) => (await consoleRequest(accountSchema, { method: 'GET', path: accountPaths.account(), signal })).data,
    }),
};

/** Changes the password; the answer is the account as it now stands. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangePasswordBody): Promise<Account> => (await consoleRequest(accountSchema, { method: 'POST', path: accountPaths.password(), body })).data,
    onSuccess: (account) => queryClient.setQueryData(accountQueries.account().queryKey, account),
  });
}
