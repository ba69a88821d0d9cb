import { infiniteQueryOptions } from '@tanstack/react-query';
import type { AuditExportFormat, AuditFilter, AuditPage } from '../../../contract/audit.ts';
import { auditPageSchema, auditPaths } from '../../../contract/audit.ts';
import { consoleRequest, consoleUrl } from '../../lib/api-client.ts';

// docs/decisions.md D16, team mode: the console server's own audit endpoints, called on this site with
// the session cookie. No token goes with them: the browser holds none in team mode.

/** The export as a link on this site (the browser downloads it with the session cookie); empty filters left out. */
export const auditExportUrl = (format: AuditExportFormat, filter: AuditFilter) => consoleUrl(auditPaths.export(), { ...filter, format });

/** `GET /api/audit`: one page, newest first, parsed with the contract's schema. */
export async function getAuditPage(filter: AuditFilter, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  const query = { ...filter, cursor: cursor ?? undefined };
  return (await consoleRequest(auditPageSchema, { method: 'GET', path: auditPaths.list(), query, ...(signal ? { signal } : {}) })).data;
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
