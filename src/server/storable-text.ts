import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/errors.ts';

// docs/security.md, "Write-ahead audit": text the console's database cannot hold is refused with a 400
// before anything happens. PostgreSQL's text refuses NUL; jsonb refuses NUL and half a surrogate pair
// (a JSON "\ud83d" alone), and the approval's trail and the audit are written as the request goes on:
// such a character met half-way used to end the request in a 500 after part of it was done.

const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = 'This text holds a character that cannot be kept (a NUL, or half of a surrogate pair): remove it.';

/** Whether the database can keep `text` as it is. */
export const isStorable = (text: string) => !UNSTORABLE.test(text);

/** The path (`items.1.name`, or '' for the value itself) of the first string or key in `value` the database cannot keep; null when none. */
export function unstorablePath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorable(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorablePath(item, path === '' ? String(i) : `${path}.${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (!isStorable(key)) return at;
      const found = unstorablePath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}

/** A 400 naming the field (DRF's shape: the console shows it at that input), or `non_field_errors` for the whole value. */
export function unstorableError(path: string): ApiError {
  return new ApiError(400, { [path === '' ? 'non_field_errors' : path]: [UNSTORABLE_MESSAGE] });
}

/** Refuses `value` (a parsed body, a query's values) when any text in it cannot be kept. */
export function assertStorable(value: unknown): void {
  const path = unstorablePath(value);
  if (path !== null) throw unstorableError(path);
}

/** Every query string of the team routes: its names and values, as the routes will read them. */
export const storableQuery = createMiddleware(async (c, next) => {
  const query = new URL(c.req.url).searchParams;
  for (const [name, value] of query) if (!isStorable(name) || !isStorable(value)) throw unstorableError(isStorable(name) ? name : '');
  await next();
});
