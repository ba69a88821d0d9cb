import type { Context, Env, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';

/** What a server adds to a request's line: a word in place of the status, a note after the time. */
export interface LogNote {
  status?: string;
  note?: string;
}

/**
 * One line per request: `METHOD path status ms`. The path is taken still percent-encoded, so a
 * crafted URL cannot start a fake log line; headers are never logged (a token is in one). `annotate`
 * lets a server say more about an answer it shaped on purpose: `... 503 <time>ms (fault status)`.
 */
export function requestLog<E extends Env>(log: (line: string) => void, annotate?: (c: Context<E>) => LogNote | undefined): MiddlewareHandler<E> {
  return createMiddleware<E>(async (c, next) => {
    const started = performance.now();
    await next();
    const path = new URL(c.req.url).pathname;
    const extra = annotate?.(c);
    const status = extra?.status ?? String(c.res.status);
    log(`${c.req.method} ${path} ${status} ${Math.round(performance.now() - started)}ms${extra?.note === undefined ? '' : ` (${extra.note})`}`);
  });
}
