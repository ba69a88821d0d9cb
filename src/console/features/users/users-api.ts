import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddUserBody, PatchUserBody, UserSummary } from '../../../contract/users.ts';
import { unlockUserPath, USERS_API_PATH, userListSchema, userSummarySchema } from '../../../contract/users.ts';
import { callConsoleApi } from '../../lib/console-api.ts';

// docs/decisions.md D16: the console server's /api/users (team mode, admins of the whole console), with
// the session cookie. Answers are parsed with the contract's schemas; a refusal's detail (self-lockout,
// unknown role, an e-mail already there) becomes the error's message, shown as the server wrote it.

const userPath = (email: string) => `${USERS_API_PATH}/${encodeURIComponent(email)}`;

export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: ['users', 'list'] as const,
      queryFn: ({ signal }) => callConsoleApi(userListSchema, USERS_API_PATH, { signal }).then((r) => r.users),
    }),
};

/** Adds an account; the list is read again before the mutation settles. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserBody): Promise<UserSummary> => callConsoleApi(userSummarySchema, USERS_API_PATH, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Disables, enables or sets the grants of one account. */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, change }: { email: string; change: PatchUserBody }): Promise<UserSummary> =>
      callConsoleApi(userSummarySchema, userPath(email), { method: 'PATCH', json: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Unlocks an account locked by failed sign-ins (the server records it as `account_unlock`). */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string): Promise<UserSummary> => callConsoleApi(userSummarySchema, unlockUserPath(email), { method: 'POST', json: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
