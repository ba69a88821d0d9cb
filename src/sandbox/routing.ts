import type { Context } from 'hono';
import type { SandboxEnv } from './auth.ts';
import { methodNotAllowed, notFound } from './errors.ts';

type Handler = (c: Context<SandboxEnv>) => Response | Promise<Response>;
type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One handler per method on a path, and DRF's 405 (with Allow) for any other method. HEAD is GET
 * without a body (Hono drops the body).
 */
export function byMethod(handlers: Partial<Record<Method, Handler>>): Handler {
  const table = new Map<string, Handler>(Object.entries(handlers));
  const allowed = [...table.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  return (c) => {
    const handler = table.get(c.req.method === 'HEAD' ? 'GET' : c.req.method);
    if (handler === undefined) throw methodNotAllowed(c.req.method, allowed);
    return handler(c);
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

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
