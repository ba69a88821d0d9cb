import type { Context } from 'hono';
import type { z } from 'zod';
import { issuesToDrf } from '../../contract/drf-errors.ts';
import { parseJsonObject, readBodyBytes } from '../../http/body.ts';
import { validationError } from '../../http/errors.ts';

/** An account request is a few hundred bytes (a passkey's answer a few kilobytes); anything near this is not one. */
const MAX_ACCOUNT_BODY = 32 * 1024;

/**
 * A JSON body parsed with its contract schema; what does not match is a 400 naming each field, which
 * the console's forms put under the field (form-errors.ts).
 */
export async function accountBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const value = parseJsonObject(await readBodyBytes(c.req.raw, MAX_ACCOUNT_BODY), c.req.header('content-type'), 'list');
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(issuesToDrf(parsed.error.issues, 'list', value));
  return parsed.data;
}
