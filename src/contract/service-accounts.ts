import { z } from 'zod';
import { grantSchema } from './grants.ts';

// The Users page's service accounts (/api/service-accounts): the PSP's own systems that call the Order
// Service through the console with an API key. A key travels only in the answer that made it (add,
// rotate) and is never answered again; the list shows its first characters.

export const SERVICE_ACCOUNTS_API_PATH = '/api/service-accounts';
export const SERVICE_ACCOUNT_NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const serviceAccountSchema = z.object({
  name: z.string(),
  grants: z.array(z.string()),
  status: z.enum(['active', 'revoked']),
  key_hint: z.string(),
  created_at: z.iso.datetime(),
  key_created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  last_used_at: z.iso.datetime().nullable(),
});
export type ServiceAccountSummary = z.infer<typeof serviceAccountSchema>;

export const serviceAccountListSchema = z.object({ accounts: z.array(serviceAccountSchema) });

/** Add and rotate answer the account and its key, once. */
export const serviceKeyAnswerSchema = z.object({ account: serviceAccountSchema, key: z.string() });

export const addServiceAccountBodySchema = z.strictObject({
  name: z.string().trim().regex(SERVICE_ACCOUNT_NAME_PATTERN, { error: 'Lower-case letters, digits and dashes, at most 40' }),
  grants: z.array(z.string().max(100).pipe(grantSchema)).min(1, { error: 'Give at least one role' }).max(20),
});
export type AddServiceAccountBody = z.input<typeof addServiceAccountBodySchema>;

export const serviceAccountPaths = {
  list: () => SERVICE_ACCOUNTS_API_PATH,
  rotate: (name: string) => `${SERVICE_ACCOUNTS_API_PATH}/${encodeURIComponent(name)}/rotate`,
  revoke: (name: string) => `${SERVICE_ACCOUNTS_API_PATH}/${encodeURIComponent(name)}/revoke`,
};

/** How the audit log names a service account: no e-mail holds a colon, so it is never a person. */
export const serviceActor = (name: string) => `service:${name}`;
