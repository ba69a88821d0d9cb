import type { Context } from 'hono';
import { isUuid } from '../contract/uuid.ts';
import { notFound } from '../http/errors.ts';
import type { SandboxEnv } from './auth.ts';

/** The `:id` path parameter as a lower-case UUID; anything else is 404 (D3). */
export function orderIdParam(c: Context<SandboxEnv>): string {
  const id = c.req.param('id');
  if (id === undefined || !isUuid(id)) throw notFound();
  return id.toLowerCase();
}

/** A route pattern from one of the contract's path builders, so a deployment's paths stay in one place. */
export function idPattern(build: (id: string) => string): string {
  const placeholder = 'ORDERIDPLACEHOLDER';
  return build(placeholder).replace(placeholder, ':id');
}
