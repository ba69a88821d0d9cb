import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { AUDIT_READ_PERMISSION, auditPageSchema, auditRowSchema } from '../../contract/audit.ts';
import type { Database, Queryable } from '../../db/store-db.ts';
import { csvCell } from './audit-export.ts';
import { createAuditLog } from './audit-log.ts';
import { auditRowsInOrder } from './audit-query.ts';
import { auditEntry, openAuditDatabase } from './audit-test-support.ts';
import { auditRoutes } from './audit-routes.ts';

// docs/decisions.md D16: GET /api/audit and /api/audit/export as the console server mounts them, behind
// a stand-in for its permission middleware (the header lists the caller's permissions).

let db: Database;
let app: Hono;
const asked: string[] = [];

const fakeRequirePermission =
  (permission: string): MiddlewareHandler =>
  async (c, next) => {
    asked.push(permission);
    if ((c.req.header('x-test-permissions') ?? '').split(',').includes(permission)) return next();
    return c.json({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' }, 403);
  };

function mount(database: Queryable): Hono {
  const server = new Hono();
  server.route('/api/audit', auditRoutes({ db: database, requirePermission: fakeRequirePermission, now: () => new Date('2026-11-25T16:00:00Z'), log: () => undefined }));
  return server;
}

const admin = { 'x-test-permissions': `read:order:any,${AUDIT_READ_PERMISSION}` };
const get = (path: string, headers: Record<string, string> = admin) => app.request(path, { headers });

beforeAll(async () => {
  db = await openAuditDatabase();
  app = mount(db);
  const log = createAuditLog(db);
  await log.record(auditEntry({ user: '@evil.example', action: 'sign-in', outcome: '=HYPERLINK("http://x","click")', body: { note: 'a, "quoted" text\nover two lines' } }));
  for (let i = 2; i <= 7; i++) await log.record(auditEntry({ action: i % 2 === 0 ? 'refund.request' : 'order.create', order_id: `order-${i}`, body: { amount: `-${i}.00` } }));
});
afterAll(async () => {
  await db.close();
});

describe('permission', () => {
  test.each(['/api/audit', '/api/audit/export?format=csv'])('%s answers 403 to a user without read:audit, and asks for that permission', async (path) => {
    asked.length = 0;
    const response = await get(path, { 'x-test-permissions': 'read:order:any,create:refund:any' });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain('order-2');
    expect(asked).toEqual([AUDIT_READ_PERMISSION]);
  });
});

describe('GET /api/audit', () => {
  test('a page newest first, parsed by the contract, with a cursor to the rest; never cached', async () => {
    const first = await get('/api/audit?limit=4');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page = auditPageSchema.parse(await first.json());
    expect(page.rows.map((r) => r.seq)).toEqual([7, 6, 5, 4]);
    const rest = auditPageSchema.parse(await (await get(`/api/audit?limit=4&cursor=${page.next_cursor ?? ''}`)).json());
    expect(rest).toMatchObject({ rows: [{ seq: 3 }, { seq: 2 }, { seq: 1 }], next_cursor: null });
  });

  test('filters by action and order; an empty filter is no filter', async () => {
    const page = auditPageSchema.parse(await (await get('/api/audit?action=refund.request&user=&order_id=order-4')).json());
    expect(page.rows.map((r) => [r.seq, r.action, r.order_id])).toEqual([[4, 'refund.request', 'order-4']]);
  });

  test.each([
    ['limit=500', 'limit'],
    ['limit=0', 'limit'],
    ['cursor=abc', 'cursor'],
    ['from=yesterday', 'from'],
    [`user=${'x'.repeat(201)}`, 'user'],
  ])('?%s is refused with 400 naming %s', async (query, field) => {
    const response = await get(`/api/audit?${query}`);
    expect(response.status).toBe(400);
    const body = z.object({ detail: z.string(), code: z.string() }).parse(await response.json());
    expect(body.code).toBe('invalid_query');
    expect(body.detail).toMatch(new RegExp(`^${field}: `));
  });

  test('a database that does not answer gives 503 with a reason on both routes, not a 500', async () => {
    const down: Queryable = { query: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) };
    for (const path of ['/api/audit', '/api/audit/export?format=csv']) {
      const response = await mount(down).request(path, { headers: admin });
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: 'audit_unavailable' });
    }
  });
});

describe('GET /api/audit/export', () => {
  test('CSV: a dated attachment, oldest first, quoted where needed, formulas defused', async () => {
    const response = await get('/api/audit/export?format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-log-2026-11-25.csv"');
    const text = await response.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('seq,at,user,role,environment,action,order_id,body,outcome,address,user_agent,prev_hash,hash');
    // The body is JSON text (its line break escaped), quoted because it holds commas and quotes.
    expect(lines[1]).toMatch(/^1,\d{4}-\d\d-\d\dT[\d:.]+Z,'@evil\.example,agent,sandbox,sign-in,,"{""note"":""a, \\""quoted\\"" text\\nover two lines""}","'=HYPERLINK\(""http:\/\/x"",""click""\)",127\.0\.0\.1,/);
    expect(lines.filter((line) => /^\d+,/.test(line)).map((line) => line.split(',')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  test('JSONL with filters: one parsed row per line, only the matching ones', async () => {
    const response = await get('/api/audit/export?format=jsonl&action=order.create');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="audit-log-2026-11-25.jsonl"');
    const rows = (await response.text()).trimEnd().split('\n').map((line) => auditRowSchema.parse(JSON.parse(line)));
    expect(rows.map((r) => [r.seq, r.action])).toEqual([[3, 'order.create'], [5, 'order.create'], [7, 'order.create']]);
    expect(rows[0]?.body).toEqual({ amount: '-3.00' });
  });

  test('a format other than csv or jsonl is refused', async () => {
    expect((await get('/api/audit/export?format=xlsx')).status).toBe(400);
    expect((await get('/api/audit/export')).status).toBe(400);
  });

  test('reads the log a batch at a time, every row once', async () => {
    const seen: string[][] = [];
    for await (const batch of auditRowsInOrder(db, {}, 3)) seen.push(batch.map((r) => r.seq));
    expect(seen).toEqual([['1', '2', '3'], ['4', '5', '6'], ['7']]);
  });
});

describe('CSV cells', () => {
  test.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-2.00', "'-2.00"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['=a,b', `"'=a,b"`],
  ])('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
