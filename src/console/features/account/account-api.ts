import { startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ChangePasswordBody, CodeBody, ConfirmPasswordBody, TotpSetup } from '../../../contract/account.ts';
import { accountPaths, accountSchema, recoveryCodesSchema, registrationOptionsSchema, totpSetupSchema } from '../../../contract/account.ts';
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

/** Starts setting up an authenticator app (the password again): its setup key and QR code. */
export function useTotpSetup() {
  return useMutation({
    mutationFn: async (body: ConfirmPasswordBody): Promise<TotpSetup> => (await consoleRequest(totpSetupSchema, { method: 'POST', path: accountPaths.totpSetup(), body })).data,
  });
}

/** A first code from the app turns it on: the recovery codes, shown once. */
export function useTotpConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CodeBody): Promise<string[]> => (await consoleRequest(recoveryCodesSchema, { method: 'POST', path: accountPaths.totpConfirm(), body })).data.recovery_codes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  });
}

/** Turns the authenticator app off (its recovery codes go with it). */
export function useTotpRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<Account> => (await consoleRequest(accountSchema, { method: 'DELETE', path: accountPaths.totp() })).data,
    onSuccess: (account) => queryClient.setQueryData(accountQueries.account().queryKey, account),
  });
}

/** Adds a passkey: the password again, then the browser makes one on the device, then the console keeps its public key. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; current_password: string }): Promise<Account> => {
      const options = (await consoleRequest(registrationOptionsSchema, { method: 'POST', path: accountPaths.passkeyOptions(), body: { current_password: body.current_password } })).data;
      const response = await startRegistration({ optionsJSON: options });
      return (await consoleRequest(accountSchema, { method: 'POST', path: accountPaths.passkeys(), body: { name: body.name, response } })).data;
    },
    onSuccess: (account) => queryClient.setQueryData(accountQueries.account().queryKey, account),
  });
}

/** Removes one of the person's passkeys (by its id). */
export function usePasskeyRemove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<Account> => (await consoleRequest(accountSchema, { method: 'DELETE', path: accountPaths.passkey(id) })).data,
    onSuccess: (account) => queryClient.setQueryData(accountQueries.account().queryKey, account),
  });
}
