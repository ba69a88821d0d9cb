import { z } from 'zod';
import { flattenDrfErrors } from '../../contract/drf-errors.ts';

// Team mode (docs/decisions.md D16): the console server's own routes under /api/ (approvals, users),
// called on this site with the session cookie and no token. Answers are parsed with the caller's
// contract schema; a refusal's detail (own request, self-lockout, unknown role) becomes the error's
// message, shown as the server wrote it.

const detailSchema = z.object({ detail: z.string() });

export class ConsoleRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The refusal's body as sent (parse it before use): some carry more than words, e.g. the run a duplicate plan already is. */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ConsoleRequestError';
  }
}

/** A refusal's words: its detail, or each field's messages of a validation body (a bulk plan's rows). */
function refusalWords(data: unknown): string | null {
  const detail = detailSchema.safeParse(data);
  if (detail.success) return detail.data.detail;
  const flat = flattenDrfErrors(data);
  if (flat === null) return null;
  return [...flat.nonField, ...flat.fields.map((f) => `${f.path}: ${f.messages.join(' ')}`)].join(' ');
}

export async function callConsoleApi<T>(
  schema: z.ZodType<T>,
  path: string,
  init: { method?: 'GET' | 'POST' | 'PATCH'; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...(init.json !== undefined && { 'Content-Type': 'application/json' }) },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
    ...(init.signal !== undefined && { signal: init.signal }),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new ConsoleRequestError(refusalWords(data) ?? `The console answered HTTP ${response.status}.`, response.status, data);
  }
  return schema.parse(data);
}
