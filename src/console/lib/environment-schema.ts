import { z } from 'zod';
import { isServiceBaseUrl } from './environments.ts';

// The environment form's rules. Kept apart from environments.ts so the first screen does not load zod.

export const environmentSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1, { error: 'Give the environment a name' }).max(60, { error: 'At most 60 characters' }),
  /** Empty means the console's own origin. */
  baseUrl: z
    .string()
    .trim()
    .refine((v) => v === '' || isServiceBaseUrl(v), { error: 'Enter an http(s) URL such as https://orders.example.com, or leave empty for this site' }),
  production: z.boolean(),
  /** A sandbox answers the control API (D7): the console offers simulation only there. */
  sandbox: z.boolean(),
  rememberToken: z.boolean(),
});

export type Environment = z.infer<typeof environmentSchema>;
