import type { Context, Env, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';

/** What a server adds to a request's line: a word in place of the status, a note after the time. */
export interface LogNote {
  status?: string;
  note?: string;
}

/** What the app that answered a request knows of it: the route it matched (null: none but a catch-all) and its note. */
export interface RequestNote extends LogNote {
  route: string | null;
}

const notes = new WeakMap<Request, RequestNote>();

/**
 * The note of the app that answered `request`, for a server that hands requests to apps of its own
 * (the console's server, src/server/app.ts, to the embedded sandbox): the innermost app's.
 */
export const requestNoteOf = (request: Request): RequestNote | undefined => notes.get(request);

/** The route pattern the answering handler was registered with (`/psp/v2/order/:id/`), or null for a catch-all. */
function answeredRoute(c: Context): string | null {
  const path = routePath(c);
  return path === '' || path === '*' || path === '/*' ? null : path;
}

/**
 * One line per request: `METHOD path status ms`. The path is taken still percent-encoded, so a
 * crafted URL cannot start a fake log line; headers are never logged (a token is in one). `annotate`
 * lets a server say more about an answer it shaped on purpose: `... 503 <time>ms (fault status)`.
 * With `log` null no line is written: the route and the note are kept for the server around this app.
 */
export function requestLog<E extends Env>(log: ((line: string) => void) | null, annotate?: (c: Context<E>) => LogNote | undefined): MiddlewareHandler<E> {
  return createMiddleware<E>(async (c, next) => {
    const started = performance.now();
    await next();
    const extra = annotate?.(c);
    if (!notes.has(c.req.raw)) notes.set(c.req.raw, { route: answeredRoute(c), ...extra });
    if (log === null) return;
    const path = new URL(c.req.url).pathname;
    const status = extra?.status ?? String(c.res.status);
    log(`${c.req.method} ${path} ${status} ${Math.round(performance.now() - started)}ms${extra?.note === undefined ? '' : ` (${extra.note})`}`);
  });
}
