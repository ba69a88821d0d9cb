import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { z } from 'zod';
import { AUDIT_READ_PERMISSION, auditExportQuerySchema, auditListQuerySchema } from '../../contract/audit.ts';
import type { Queryable } from '../../db/store-db.ts';
import { auditRowsInOrder, listAuditRows } from './audit-query.ts';
import type { StoredRow } from './audit-rows.ts';
import { EXPORT_CONTENT_TYPES, exportFilename, exportHeader, exportLine } from './audit-export.ts';

// docs/decisions.md D16: the audit log for admins. Mounted by the console server:
//   app.route('/api/audit', auditRoutes({ db, requirePermission }))
// gives GET /api/audit (a page, newest first) and GET /api/audit/export?format=csv|jsonl (a file).
// The permission check is the server's own middleware, passed in; every route here runs behind it.

export interface AuditRoutesOptions {
  db: Queryable;
  requirePermission: (permission: string) => MiddlewareHandler;
  /** One line when the database fails under a request (default console.error). */
  log?: (line: string) => void;
  now?: () => Date;
}

// The log is personal data about the team: never kept by a browser or a proxy.
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function badQuery(c: Context, error: z.ZodError): Response {
  const first = error.issues[0];
  const detail = first === undefined ? 'Invalid query.' : `${first.path.join('.') || 'query'}: ${first.message}`;
  return c.json({ detail, code: 'invalid_query' }, 400, NO_STORE);
}

export function auditRoutes(options: AuditRoutesOptions): Hono {
  const log = options.log ?? ((line: string) => console.error(line));
  const now = options.now ?? (() => new Date());
  // A database that is down is said as such, not as an internal error of the console.
  const unavailable = (c: Context, error: unknown) => {
    log(`audit: the database failed under ${c.req.method} ${c.req.path}: ${error instanceof Error ? error.message : String(error)}`);
    return c.json({ detail: 'The audit log cannot be read right now: its database did not answer. Try again shortly.', code: 'audit_unavailable' }, 503, {
      ...NO_STORE,
      'Retry-After': '5',
    });
  };

  const app = new Hono();
  app.use('*', options.requirePermission(AUDIT_READ_PERMISSION));

  app.get('/', async (c) => {
    const query = auditListQuerySchema.safeParse(c.req.query());
    if (!query.success) return badQuery(c, query.error);
    try {
      return c.json(await listAuditRows(options.db, query.data), 200, NO_STORE);
    } catch (error) {
      return unavailable(c, error);
    }
  });

  app.get('/export', async (c) => {
    const query = auditExportQuerySchema.safeParse(c.req.query());
    if (!query.success) return badQuery(c, query.error);
    const { format, ...filter } = query.data;
    const batches = auditRowsInOrder(options.db, filter);
    // The first batch before the answer starts: a database that is down gets a status, not a cut file.
    let first: IteratorResult<StoredRow[]>;
    try {
      first = await batches.next();
    } catch (error) {
      return unavailable(c, error);
    }
    let pending: typeof first | null = first;
    const encoder = new TextEncoder();
    // Pulled a batch at a time as the client reads: memory stays flat for any size of export.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(exportHeader(format)));
      },
      async pull(controller) {
        try {
          const next = pending ?? (await batches.next());
          pending = null;
          if (next.done === true) return controller.close();
          controller.enqueue(encoder.encode(next.value.map((row) => exportLine(format, row)).join('')));
        } catch (error) {
          log(`audit: the export stopped: ${error instanceof Error ? error.message : String(error)}`);
          controller.error(error);
        }
      },
      async cancel() {
        await batches.return(undefined);
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        ...NO_STORE,
        'Content-Type': EXPORT_CONTENT_TYPES[format],
        'Content-Disposition': `attachment; filename="${exportFilename(format, now())}"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  return app;
}
