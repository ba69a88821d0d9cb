import { z } from 'zod';
import { grantSchema, unknownEnvironmentMessage } from '../../../contract/grants.ts';
import { newPasswordSchema } from '../../../contract/account.ts';
import { emailSchema, splitGrantTexts } from '../../../contract/users.ts';

// The users page's forms: what is typed (strings), checked with the contract's own schemas, turned into
// the request bodies. Roles are typed into one field, `agent@sandbox, viewer`, and each must be for
// every environment or for one the console has (the server refuses the others too).

const sentence = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** `environmentIds`: the console's environments (null while unknown: the server's check alone). */
const grantsFieldSchema = (environmentIds: readonly string[] | null) =>
  z
    .string()
    .transform(splitGrantTexts)
    .superRefine((texts, ctx) => {
      if (texts.length === 0) ctx.addIssue({ code: 'custom', message: 'Give at least one role, e.g. agent@sandbox' });
      const grants = texts.flatMap((text) => {
        const parsed = grantSchema.safeParse(text);
        if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `unknown role "${text}"` });
        return parsed.success ? [parsed.data] : [];
      });
      const unknown = environmentIds === null ? null : unknownEnvironmentMessage(grants, environmentIds);
      if (unknown !== null) ctx.addIssue({ code: 'custom', message: sentence(unknown) });
    });

export const addUserFormSchema = (environmentIds: readonly string[] | null) =>
  z.object({
    email: emailSchema,
    grants: grantsFieldSchema(environmentIds),
    // Local sign-in only: with OpenID Connect the page offers no add form (the provider makes accounts).
    password: newPasswordSchema,
  });
export type AddUserForm = z.input<ReturnType<typeof addUserFormSchema>>;
export const emptyAddUserForm: AddUserForm = { email: '', grants: '', password: '' };

export const rolesFormSchema = (environmentIds: readonly string[] | null) => z.object({ grants: grantsFieldSchema(environmentIds) });
