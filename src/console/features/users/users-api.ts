import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetLink } from '../../../contract/account.ts';
import { resetLinkSchema } from '../../../contract/account.ts';
import type { AddUserBody, PatchUserBody, UserSummary } from '../../../contract/users.ts';
import { userListSchema, userSummarySchema } from '../../../contract/users.ts';
import { consoleApiPaths, noContentSchema } from '../../../contract/console-api.ts';
import { consoleRequest } from '../../lib/api-client.ts';

// docs/decisions.md D16: the console server's /api/users (team mode, admins of the whole console), with
// the session cookie. Answers are parsed with the contract's schemas; a refusal's detail (self-lockout,
// unknown role, an e-mail already there) becomes the error's message, shown as the server wrote it.

export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: ['users', 'list'] as const,
      queryFn: async ({ signal }) => (await consoleRequest(userListSchema, { method: 'GET', path: consoleApiPaths.users(), signal })).data.users,
    }),
};

/** Adds an account; the list is read again before the mutation settles. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddUserBody): Promise<UserSummary> => (await consoleRequest(userSummarySchema, { method: 'POST', path: consoleApiPaths.users(), body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Disables, enables or sets the grants of one account. */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ email, change }: { email: string; change: PatchUserBody }): Promise<UserSummary> =>
      (await consoleRequest(userSummarySchema, { method: 'PATCH', path: consoleApiPaths.user(email), body: change })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Unlocks an account locked by failed sign-ins (the server records it as `account_unlock`). */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string): Promise<UserSummary> => (await consoleRequest(userSummarySchema, { method: 'POST', path: consoleApiPaths.userUnlock(email), body: {} })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** A one-time reset link for the person (docs/accounts.md): answered once, never readable again. */
export function useResetLink() {
  return useMutation({
    mutationFn: async (email: string): Promise<ResetLink> => (await consoleRequest(resetLinkSchema, { method: 'POST', path: consoleApiPaths.userPasswordReset(email), body: {} })).data,
  });
}

/** Removes an account (204); the list is read again. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string): Promise<void> => {
      await consoleRequest(noContentSchema, { method: 'DELETE', path: consoleApiPaths.user(email) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Removes the person's second factors (they set one up again at their next sign-in). */
export function useRemoveSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string): Promise<UserSummary> => (await consoleRequest(userSummarySchema, { method: 'DELETE', path: consoleApiPaths.userSecondFactor(email) })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
