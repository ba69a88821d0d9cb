import type { Context, Env } from 'hono';
import { methodNotAllowed } from './errors.ts';

type Handler<E extends Env> = (c: Context<E>) => Response | Promise<Response>;
type Method = 'GET' | 'POST' | 'DELETE';

/**
 * One handler per method on a path, and DRF's 405 (with Allow) for any other method. HEAD is GET
 * without a body (Hono drops the body).
 */
export function byMethod<E extends Env>(handlers: Partial<Record<Method, Handler<E>>>): Handler<E> {
  const table = new Map<string, Handler<E>>(Object.entries(handlers));
  const allowed = [...table.keys()].flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
  return (c) => {
    const handler = table.get(c.req.method === 'HEAD' ? 'GET' : c.req.method);
    if (handler === undefined) throw methodNotAllowed(c.req.method, allowed);
    return handler(c);
  };
}
