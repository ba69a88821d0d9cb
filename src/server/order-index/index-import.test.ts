import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { importSummarySchema } from '../../contract/index-import.ts';
import { ORDER_STATUSES } from '../../contract/order-shape.ts';
import { orderSearchPageSchema } from '../../contract/order-index.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { validCreateBody } from '../../contract/test-support.ts';
import { runCommand } from '../../sandbox/testing/child.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { cookieOf, signIn, startTeamServer } from '../testing/team-server.ts';
import { openConsoleDb } from '../console-db.ts';
import { indexCli } from './index-cli.ts';
import { importOrders } from './index-import.ts';

// docs/order-index.md, "Import": a PSP's export into the team order index, by `npm run index -- import`
// and by the import page's upload. What a file may and may not change, what is refused and why, and
// that the orders are then found as an agent searches.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HEADER = 'order_id,external_id,email,first_name,last_name,phone_number,status,initial_amount,created_at';
const uuid = () => randomUUID();

let server: TeamServer;
const cookies = new Map<string, string>();
const dir = mkdtempSync(join(tmpdir(), 'index-import-'));

function as(email: string, method: string, path: string, body?: string, type = 'application/json') {
  return fetch(`${server.url}${path}`, { method, headers: { Cookie: cookies.get(email) ?? '', Origin: server.url, 'Content-Type': type }, ...(body !== undefined && { body }) });
}
async function found(q: string, env = 'sandbox') {
  const response = await as('agent@example.com', 'GET', `/api/orders/search?q=${encodeURIComponent(q)}&env=${env}`);
  return orderSearchPageSchema.parse(await response.json()).results;
}
const fromText = (text: string) => new Blob([text]).stream();
const importText = (text: string, environment = 'sandbox') => importOrders({ db: server.db, environment, fileName: 'test.csv', user: null, source: fromText(text) });

beforeAll(async () => {
  server = await startTeamServer();
  await server.addUser('admin@example.com', ['admin']);
  await server.addUser('agent@example.com', ['agent']);
  for (const email of ['admin@example.com', 'agent@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a CSV export is found by e-mail, part of a name and phone digits; refused rows name their line, field and reason', async () => {
  const [a, b, c] = [uuid(), uuid(), uuid()];
  const csv = [
    HEADER,
    `${a},IMP-A,Marta.Kralova@example.com,Marta,Králová,+420 603 555 111,activated,250.00,2026-11-20T10:00:00Z`,
    `not-a-uuid,IMP-X,x@example.com,X,Y,1,,,`,
    `${uuid()},IMP-Y,not an email,X,Y,1,,,`,
    // A quoted field holding a line break: refused (no name holds one), and the next row's line counts it.
    `${c},"IMP-C",c@example.com,"Jan","Novák
junior",,,,`,
    `${uuid()},IMP-Z,z@example.com,Z,Z,,shipped,,`,
    `${uuid()},IMP-W,w@example.com,W,W,,,12.345,`,
    `${uuid()},IMP-V,v@example.com,V,V,,,,2026-11-20`,
    `${uuid()},too,few`,
    `${b},IMP-B,b@example.com,Jan,Novák,,,,`,
  ].join('\r\n');
  const summary = await importText(csv);
  expect(summary).toMatchObject({ state: 'done', rows_read: 9, rows_indexed: 2, rows_refused: 7, error: null });
  expect(summary.refusals).toEqual([
    { line: 3, field: 'order_id', reason: '"not-a-uuid" is not an order id (a UUID)' },
    { line: 4, field: 'email', reason: '"not an email" is not an e-mail address' },
    { line: 5, field: 'last_name', reason: 'holds a control character' },
    { line: 7, field: 'status', reason: `"shipped" is not a status (one of: ${ORDER_STATUSES.join(', ')})` },
    { line: 8, field: 'initial_amount', reason: '"12.345" is not an amount such as 120.50' },
    { line: 9, field: 'created_at', reason: '"2026-11-20" is not a date-time with its offset, such as 2026-11-20T14:03:00Z' },
    { line: 10, field: null, reason: 'has 3 fields where the header names 9' },
  ]);
  for (const q of ['email:marta.kralova@example.com', 'králov', '603555', '"555 111"']) expect((await found(q)).map((o) => o.order_id), q).toEqual([a]);
  const [hit] = await found('ext:IMP-A');
  expect(hit).toMatchObject({ status: 'activated', initial_amount: '250.00', current_amount: null, created_at: '2026-11-20T10:00:00.000000Z', source: 'import', first_source: 'import' });
  const [noDates] = await found('ext:IMP-B');
  expect(noDates).toMatchObject({ status: null, initial_amount: null, created_at: null, customer: { first_name: 'Jan', last_name: 'Novák' } });
});

test('a file never overwrites what the service told; it fills a customer no create gave; between files the later wins', async () => {
  // Seen from the service through the console: created, then activated and refunded.
  const created = await as('agent@example.com', 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, JSON.stringify({ ...validCreateBody(), order_external_id: 'IMP-SVC', customer_data: { email: 'svc@example.com' } }));
  expect(created.status).toBe(201);
  const order = orderSchema.parse(await created.json());
  await expect.poll(async () => (await found('ext:IMP-SVC')).length).toBe(1);
  // The export is older than what the service said: status new, another amount and e-mail, no phone before.
  const stale = [HEADER, `${order.id},IMP-OLD,old@example.com,Olga,Stará,+420 777 000 999,new,1.00,2020-01-01T00:00:00Z`].join('\n');
  expect(await importText(stale)).toMatchObject({ state: 'done', rows_indexed: 1 });
  const [after] = await found('ext:IMP-SVC');
  expect(after).toMatchObject({ external_id: 'IMP-SVC', status: 'new', initial_amount: '120.50', current_amount: '120.50', source: 'create', created_at: order.date_settled.replace('Z', '000Z') });
  // The create body gave the e-mail: it stays; the names and phone it did not give come from the file.
  expect(after?.customer).toEqual({ email: 'svc@example.com', first_name: 'Olga', last_name: 'Stará', phone_number: '+420 777 000 999' });
  // An order only files told of: the later file wins.
  const only = uuid();
  await importText([HEADER, `${only},IMP-LATER,first@example.com,A,B,,new,10.00,`].join('\n'));
  await importText([HEADER, `${only},IMP-LATER,second@example.com,,,,activated,,`].join('\n'));
  const [later] = await found('ext:IMP-LATER');
  expect(later).toMatchObject({ status: 'activated', initial_amount: '10.00', customer: { email: 'second@example.com', first_name: 'A', last_name: 'B' } });
});

test('JSON lines are taken too; a line that is no object is refused; a file that is no CSV stops with the reason', async () => {
  const id = uuid();
  const lines = [JSON.stringify({ order_id: id, external_id: 'IMP-JSON', email: 'json@example.com', first_name: 'Jiří', last_name: 'Jsonový', phone_number: '777 123 987' }), '[1,2]', '{"order_id": "x"'].join('\n');
  const summary = await importText(`\uFEFF${lines}\n`);
  expect(summary).toMatchObject({ state: 'done', rows_indexed: 1, rows_refused: 2 });
  expect(summary.refusals.map((r) => r.line)).toEqual([2, 3]);
  expect((await found('jsonov')).map((o) => o.order_id)).toEqual([id]);
  const failed = async (text: string) => {
    const summary = await importText(text);
    expect(summary.state).toBe('failed');
    return summary.error ?? '';
  };
  expect(await failed('order_id,external_id\nx,y\n')).toContain('The header has no column "email", "first_name"');
  expect(await failed(`${HEADER}\n${uuid()},"broken"quote,a@b.c,,,,,,\n`)).toContain('Line 2: the file is not CSV');
  expect(await failed('')).toContain('The file is empty');
});

test('`npm run index -- import` as a person runs it: progress, the refusals, the totals, an audit row', async () => {
  const consoleDb = join(dir, 'console');
  const file = join(dir, 'export.csv');
  writeFileSync(file, [HEADER, `${uuid()},CLI-1,cli@example.com,C,L,,,,`, 'nope,CLI-2,,,,,,,'].join('\n'));
  const env = { ...process.env, CONSOLE_DB: consoleDb };
  const run = await runCommand('npx', ['tsx', 'scripts/index.ts', 'import', file, '--env', 'sandbox'], { cwd: ROOT, env });
  expect(run.stdout).toContain('line 3, order_id: "nope" is not an order id (a UUID)');
  expect(run.stdout).toContain('imported: 2 rows read, 1 indexed, 1 refused');
  expect(run.code).toBe(0);
  const cli = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await indexCli(args, { env: { CONSOLE_DB: consoleDb }, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out, err: err.join('\n') };
  };
  const usage = await cli(['import', file]);
  expect(usage.code).toBe(2);
  expect(usage.err).toContain('give --env ID');
  const unknown = await cli(['import', file, '--env', 'prod']);
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('there is no environment "prod": the environments are sandbox');
  const db = await openConsoleDb(consoleDb);
  try {
    const { rows } = await db.query<{ body: string }>("SELECT body::text AS body FROM audit_log WHERE action = 'order_import'");
    expect(rows.map((row) => JSON.parse(row.body) as unknown)).toMatchObject([{ file: 'export.csv', rows_read: 2, rows_indexed: 1, rows_refused: 1 }]);
  } finally {
    await db.close();
  }
}, 120_000);

test('the import page’s upload: streamed into the index, followed by its id, audited; an agent may not import', async () => {
  const id = uuid();
  const rows = Array.from({ length: 2_500 }, (_, i) => `${uuid()},UP-${i},up${i}@example.com,Upload,Řádek${i},,,,`);
  const response = await as('admin@example.com', 'POST', `/api/env/sandbox/order-imports?id=${id}&file_name=nightly.csv`, [HEADER, ...rows].join('\n'), 'text/csv');
  expect(response.status).toBe(200);
  expect(importSummarySchema.parse(await response.json())).toMatchObject({ id, state: 'done', rows_indexed: 2_500, file_name: 'nightly.csv', user: 'admin@example.com' });
  const followed = await as('admin@example.com', 'GET', `/api/order-imports/${id}`);
  expect(importSummarySchema.parse(await followed.json())).toMatchObject({ state: 'done', rows_read: 2_500 });
  expect(server.audit.findLast((e) => e.action === 'order_import')).toMatchObject({ user: 'admin@example.com', environment: 'sandbox', body: { file: 'nightly.csv', rows_indexed: 2_500 }, outcome: 'ok' });
  expect((await found('email:up2499@example.com')).length).toBe(1);
  const again = await as('admin@example.com', 'POST', `/api/env/sandbox/order-imports?id=${id}`, HEADER, 'text/csv');
  expect(again.status).toBe(409);
  const agent = await as('agent@example.com', 'POST', '/api/env/sandbox/order-imports', [HEADER, `${uuid()},NO,a@b.c,,,,,,`].join('\n'), 'text/csv');
  expect(agent.status).toBe(403);
  expect(server.audit.at(-1)).toMatchObject({ user: 'agent@example.com', action: 'forbidden', body: { permission: 'import:orders' } });
  expect((await found('ext:NO')).length).toBe(0);
  expect((await as('agent@example.com', 'GET', `/api/order-imports/${id}`)).status).toBe(403);
});
