import { z } from 'zod';

// Team mode (docs/decisions.md D16): the console server's own routes under /api/ (approvals, users),
// called on this site with the session cookie and no token. Answers are parsed with the caller's
// contract schema; a refusal's detail (own request, self-lockout, unknown role) becomes the error's
// message, shown as the server wrote it.

const detailSchema = z.object({ detail: z.string() });

export class ConsoleRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ConsoleRequestError';
  }
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
    const detail = detailSchema.safeParse(data);
    throw new ConsoleRequestError(detail.success ? detail.data.detail : `The console answered HTTP ${response.status}.`, response.status);
  }
  return schema.parse(data);
}
