import { z } from 'zod';
import { grantSchema } from '../../../contract/grants.ts';
import { emailSchema, passwordSchema, splitGrantTexts } from '../../../contract/users.ts';

// The users page's forms: what is typed (strings), checked with the contract's own schemas, turned into
// the request bodies. Roles are typed into one field, `agent@sandbox, viewer`.

const grantsFieldSchema = z
  .string()
  .transform(splitGrantTexts)
  .superRefine((texts, ctx) => {
    if (texts.length === 0) ctx.addIssue({ code: 'custom', message: 'Give at least one role, e.g. agent@sandbox' });
    for (const text of texts) {
      const parsed = grantSchema.safeParse(text);
      if (!parsed.success) ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `unknown role "${text}"` });
    }
  });

export const addUserFormSchema = z.object({
  email: emailSchema,
  grants: grantsFieldSchema,
  // Local sign-in only: with OpenID Connect the page offers no add form (the provider makes accounts).
  password: passwordSchema,
});
export type AddUserForm = z.input<typeof addUserFormSchema>;
export const emptyAddUserForm: AddUserForm = { email: '', grants: '', password: '' };

export const rolesFormSchema = z.object({ grants: grantsFieldSchema });
export type RolesForm = z.input<typeof rolesFormSchema>;
