import { z } from 'zod';
import { newPasswordSchema } from './account.ts';
import { grantSchema } from './grants.ts';

// docs/decisions.md D16: the users page's API (/api/users), one schema parsed by the console and the
// server. Grants travel as their texts (`agent`, `agent@sandbox`) and are parsed with grantSchema; a
// password travels only in the request that sets it and is never answered back.

export const USERS_API_PATH = '/api/users';
const MAX_GRANTS = 20;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter an e-mail address' }).max(254));

export const USER_STATUSES = ['active', 'disabled'] as const;

/** A user as the page lists them: never a password hash. */
export const userSummarySchema = z.object({
  email: z.string(),
  status: z.enum(USER_STATUSES),
  grants: z.array(z.string()),
  /** Locked after too many failed sign-ins (PCI DSS v4.0 8.3.4) until this time, unless an admin unlocks it. */
  locked_until: z.iso.datetime().nullable(),
  /** Has a second factor (docs/accounts.md); absent from an older server. */
  second_factor: z.boolean().optional(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListSchema = z.object({ users: z.array(userSummarySchema) });

const grantsSchema = z.array(z.string().max(100).pipe(grantSchema)).min(1, { error: 'Give at least one role' }).max(MAX_GRANTS);

export const addUserBodySchema = z.strictObject({
  email: z.string().max(320).pipe(emailSchema),
  grants: grantsSchema,
  /** Local sign-in only: the initial password the admin typed, changed by the person at first sign-in (OIDC users sign in at their provider). */
  password: newPasswordSchema.optional(),
});
export type AddUserBody = z.input<typeof addUserBodySchema>;

export const patchUserBodySchema = z
  .strictObject({ status: z.enum(USER_STATUSES).optional(), grants: grantsSchema.optional() })
  .refine((body) => body.status !== undefined || body.grants !== undefined, { error: 'Give a status or grants to change' });
export type PatchUserBody = z.input<typeof patchUserBodySchema>;

/** POST here unlocks an account locked by failed sign-ins (admins; audited as `account_unlock`). */
export const unlockUserPath = (email: string) => `${USERS_API_PATH}/${encodeURIComponent(email)}/unlock`;
/** DELETE here removes the person's second factors: they set one up again at their next sign-in (admins; `mfa_remove`). */
export const secondFactorUserPath = (email: string) => `${USERS_API_PATH}/${encodeURIComponent(email)}/second-factor`;
/** POST here makes a one-time reset link for the person (admins, local sign-in; audited as `password_reset_issued`). */
export const passwordResetUserPath = (email: string) => `${USERS_API_PATH}/${encodeURIComponent(email)}/password-reset`;

/** Texts typed into one field (`agent@sandbox, approver`): split on spaces and commas. */
export const splitGrantTexts = (text: string) => text.split(/[\s,]+/).filter((part) => part !== '');
