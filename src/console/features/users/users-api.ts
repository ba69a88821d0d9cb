import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { AddUserBody, PatchUserBody, UserSummary } from '../../../contract/users.ts';
import { USERS_API_PATH, userListSchema, userSummarySchema } from '../../../contract/users.ts';

// docs/decisions.md D16: the console server's /api/users (team mode, admins of the whole console), with
// the session cookie. Answers are parsed with the contract's schemas; a refusal's detail (self-lockout,
// unknown role, an e-mail already there) becomes the error's message, shown as the server wrote it.

const detailSchema = z.object({ detail: z.string() });

export class UsersRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UsersRequestError';
  }
}

async function callUsersApi<T>(schema: z.ZodType<T>, path: string, init: { method?: 'GET' | 'POST' | 'PATCH'; json?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(init.json !== undefined && { 'Content-Type': 'application/json' }) },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
    ...(init.signal !== undefined && { signal: init.signal }),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = detailSchema.safeParse(data);
    throw new UsersRequestError(detail.success ? detail.data.detail : `The console answered HTTP ${response.status}.`, response.status);
  }
  return schema.parse(data);
}

const userPath = (email: string) => `${USERS_API_PATH}/${encodeURIComponent(email)}`;

export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: ['users', 'list'] as const,
      queryFn: ({ signal }) => callUsersApi(userListSchema, USERS_API_PATH, { signal }).then((r) => r.users),
    }),
};

/** Adds an account; the list is read again before the mutation settles. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserBody): Promise<UserSummary> => callUsersApi(userSummarySchema, USERS_API_PATH, { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

/** Disables, enables or sets the grants of one account. */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, change }: { email: string; change: PatchUserBody }): Promise<UserSummary> =>
      callUsersApi(userSummarySchema, userPath(email), { method: 'PATCH', json: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
