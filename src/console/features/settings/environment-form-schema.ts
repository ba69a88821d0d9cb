import { z } from 'zod';
import { environmentSchema } from '../../lib/environment-schema.ts';
import { getToken, newEnvironmentId } from '../../lib/environments.ts';
import type { Environment } from '../../lib/environments.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** What the base URL check in lib/environments.ts lets through but requests cannot use. */
function baseUrlProblem(value: string): string | null {
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null; // environmentSchema already says what is wrong.
  }
  // serviceUrl appends the path to the text: a query or fragment would swallow it.
  if (url.search !== '' || url.hash !== '') return 'Leave out ?query and #fragment: the console appends /psp/v2/… to this address';
  // fetch refuses URLs with credentials; the token is the only credential the service needs.
  if (url.username !== '' || url.password !== '') return 'Leave out user:password@ — the token is sent in a header';
  return null;
}

function sendsTokenInClear(values: { baseUrl: string; production: boolean }): boolean {
  if (!values.production || values.baseUrl === '') return false;
  try {
    const url = new URL(values.baseUrl);
    return url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname);
  } catch {
    return false;
  }
}

const tokenSchema = z
  .string()
  .trim()
  .min(1, { error: 'Enter the API token' })
  .max(512, { error: 'At most 512 characters' })
  .refine((v) => !/\s/.test(v), { error: 'A token has no spaces or line breaks' });

/** The add/edit form: an environment without its id, plus its token. */
export function environmentFormSchema(takenNames: readonly string[]) {
  const taken = new Set(takenNames.map((n) => n.trim().toLowerCase()));
  return environmentSchema
    .omit({ id: true })
    .extend({ token: tokenSchema })
    .superRefine((values, ctx) => {
      if (taken.has(values.name.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'Another environment already has this name' });
      }
      const problem = baseUrlProblem(values.baseUrl);
      if (problem !== null) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: problem });
      if (sendsTokenInClear(values)) {
        ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'A production service must use https:// — the token would travel in clear text' });
      }
      if (values.production && values.sandbox) {
        ctx.addIssue({ code: 'custom', path: ['sandbox'], message: 'A production service has no sandbox control API: untick one of the two' });
      }
    });
}

export type EnvironmentFormSchema = ReturnType<typeof environmentFormSchema>;
export type EnvironmentFormValues = z.input<EnvironmentFormSchema>;
export type EnvironmentFormOutput = z.output<EnvironmentFormSchema>;

export function formDefaults(environment: Environment | null): EnvironmentFormValues {
  if (environment === null) {
    return { name: '', baseUrl: '', token: '', production: false, sandbox: false, rememberToken: false };
  }
  const { id, ...rest } = environment;
  return { ...rest, token: getToken(id) };
}

/** Splits the form's output into what the environment store keeps and the token. */
export function fromForm(values: EnvironmentFormOutput, existingId: string | null): { environment: Environment; token: string } {
  const { token, ...rest } = values;
  return { environment: { id: existingId ?? newEnvironmentId(), ...rest }, token };
}
