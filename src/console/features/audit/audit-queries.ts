import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { AuditExportFormat, AuditFilter, AuditPage } from '../../../contract/audit.ts';
import { auditPageSchema, auditPaths } from '../../../contract/audit.ts';
import { ApiError, apiErrorFromResponse } from '../../lib/api-error.ts';

// docs/decisions.md D16, team mode: the console server's own audit endpoints, called on this site with
// the session cookie. No token goes with them: the browser holds none in team mode.

/** `path?filters` on this site; empty filters left out. */
export function auditUrl(path: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') url.searchParams.set(key, value);
  return url.toString();
}

export const auditExportUrl = (format: AuditExportFormat, filter: AuditFilter) => auditUrl(auditPaths.export(), { ...filter, format });

/**
 * 401 or 403 from the console server itself: the session ended, or the role may not read the log.
 * Not an ApiError on purpose: the query client's onError reads an ApiError 401/403 as the *service*
 * rejecting the partner token (personal mode) and would say "Token rejected" here.
 */
export class AuditAccessError extends Error {
  constructor(readonly status: 401 | 403, readonly detail: string) {
    super(detail);
    this.name = 'AuditAccessError';
  }
}

/** `GET /api/audit`: one page, newest first, parsed with the contract's schema. */
export async function getAuditPage(filter: AuditFilter, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const url = auditUrl(auditPaths.list(), { ...filter, cursor: cursor ?? undefined });
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', ...(signal ? { signal } : {}) });
    text = await response.text();
  } catch (cause) {
    if (signal?.aborted === true) throw cause;
    throw new ApiError({ kind: 'network', method: 'GET', url });
  }
  if (!response.ok) {
    const error = apiErrorFromResponse('GET', url, response.status, text, response.headers.get('Retry-After'));
    if (response.status === 401 || response.status === 403) throw new AuditAccessError(response.status, error.message);
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError({ kind: 'http', method: 'GET', url, status: response.status, rawText: text, detail: 'The server answered with something that is not JSON' });
  }
  const parsed = auditPageSchema.safeParse(data);
  if (!parsed.success) throw new Error(`The answer does not match the audit log's shape (GET ${auditPaths.list()}):\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export const auditQueries = {
  all: () => ['audit'] as const,
  list: (filter: AuditFilter) =>
    infiniteQueryOptions({
      queryKey: ['audit', 'list', filter] as const,
      queryFn: ({ pageParam, signal }) => getAuditPage(filter, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next_cursor,
    }),
};
