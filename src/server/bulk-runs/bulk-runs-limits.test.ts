import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { parseCsv } from '../../bulk/csv.ts';
import { teamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { orderServicePaths } from '../../contract/paths.ts';
import { call, readOrder } from '../../sandbox/testing/http.ts';
import type { Caller, ConsoleServer, Team } from '../approvals/testing/approval-console.ts';
import { startTeam, TOKEN } from '../approvals/testing/approval-console.ts';
import { ACCOUNT, planOf } from './testing/bulk-plan.ts';

// docs/security.md: what the server does with a bulk plan, whatever the browser sent. The environment
// `sandbox` here has a threshold of 500.00. Runs on PGlite and on PostgreSQL.

let team: Team;
let server: ConsoleServer;
let agent: Caller;
let approver: Caller;

const problems = z.object({ plan: z.array(z.string()) });
const create = (body: unknown) => agent('POST', '/api/env/sandbox/bulk-runs', body);
const read = async (id: string) => teamBulkRunSchema.parse((await agent('GET', `/api/env/sandbox/bulk-runs/${id}`)).json);

beforeAll(async () => {
  team = await startTeam();
  server = await team.startConsole({
    config: {
      environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '500.00', target: { kind: 'sandbox' } }],
      bulkRuns: { engine: { ratePerSecond: 100, backoffMs: () => 20, maxRetryAfterSeconds: 1 }, pollMs: 200, leaseMs: 3_000 },
    },
  });
  await team.addUser('agent@example.com', ['agent']);
  await team.addUser('approver@example.com', ['approver']);
  agent = await server.signIn('agent@example.com');
  approver = await server.signIn('approver@example.com');
}, 120_000);

afterAll(async () => {
  await team?.close();
});

describe('the server checks the plan itself', () => {
  test('one order refunded ten times, the same amount: refused naming the lines, nothing kept or sent', async () => {
    const orderId = await team.activatedOrder('1000.00');
    const answer = await create({ plan: planOf('sandbox', Array.from({ length: 10 }, () => ({ orderId, amount: '10.00' }))) });
    expect(answer.status).toBe(400);
    const listed = problems.parse(answer.json).plan;
    expect(listed[0]).toBe('Line 3: Duplicate of line 2 (same order and amount).');
    expect(listed).toHaveLength(9);
    expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('0.00');
  });

  test("rows of one order over its current amount (read now, not as the browser said): refused", async () => {
    const orderId = await team.activatedOrder('50.00');
    const answer = await create({ plan: planOf('sandbox', [{ orderId, amount: '30.00' }, { orderId, amount: '25.00' }]) });
    expect(answer.status).toBe(400);
    expect(problems.parse(answer.json).plan).toEqual([
      "Line 2: With line 3 this order would be refunded 55.00, more than its current amount (50.00).",
      "Line 3: With line 2 this order would be refunded 55.00, more than its current amount (50.00).",
    ]);
  });

  test('result.csv: no cell a spreadsheet would run, whatever the plan held', async () => {
    const orderId = await team.activatedOrder('50.00');
    const plan = planOf('sandbox', [{ orderId, amount: '5.00' }]);
    const row = plan.rows[0];
    if (row === undefined) throw new Error('no row');
    // Identifiers the browser made up (the server replaces them), and rows the checks held back, kept as the file had them.
    const hostile = {
      ...plan,
      rows: [{ ...row, plan: { ...row.plan, body: { ...row.plan.body, payment_identifier: '=cmd|" /C calc"!A0', external_id: '@SUM(1+1)' } } }],
      leftOut: [
        { line: 3, order_id: '=HYPERLINK("http://evil.example","x")', amount: '+1', reason: '-2+3', problems: ['\tOrder not found'] },
        { line: 4, order_id: orderId, amount: '@1', reason: '\r=1', problems: ['=bad'] },
      ],
    };
    const run = teamBulkRunSchema.parse((await create({ plan: hostile })).json);
    await expect.poll(async () => (await read(run.id)).state, { timeout: 20_000 }).toBe('finished');
    const csv = (await call(server.url, 'GET', `/api/env/sandbox/bulk-runs/${run.id}/result.csv`, { headers: { Cookie: await cookie() } })).text;
    // Read back as a spreadsheet reads it: every cell of the three lines, none that it would run.
    const parsed = parseCsv(csv);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.records.map((r) => r.fields[0])).toEqual(['line', '2', '3', '4']);
    const cells = parsed.records.slice(1).flatMap((r) => r.fields);
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(csv).toContain(`'=HYPERLINK`);
    expect(csv).not.toContain('cmd|');
    expect(csv).not.toContain('@SUM');
  });
});

describe("the server's identifiers, and a row sent only when the order shows it", () => {
  test("the browser's identifiers are replaced; a row whose identifier another refund used ends refused, not refunded", async () => {
    const orderId = await team.activatedOrder('1000.00');
    const plan = planOf('sandbox', [{ orderId, amount: '600.00' }]);
    const run = teamBulkRunSchema.parse((await create({ plan })).json);
    expect(run.state).toBe('awaiting_approval');
    const kept = run.run.rows[0]?.plan.body;
    expect(kept?.payment_identifier).toMatch(/^RF-[A-Z0-9]{20}$/);
    expect(kept?.payment_identifier).not.toBe(plan.rows[0]?.plan.body.payment_identifier);
    // Something outside the console uses the row's identifier for 0.01 while the batch waits.
    const outside = await call(team.liveUrl, 'POST', orderServicePaths.orderRefund(orderId), { token: TOKEN, json: { amount: '0.01', destination_account_number: ACCOUNT, payment_identifier: kept?.payment_identifier, external_id: kept?.external_id } });
    expect(outside.status).toBe(200);
    expect((await approver('POST', `/api/bulk-runs/${run.id}/approve`, {})).status).toBe(200);
    await expect.poll(async () => (await read(run.id)).state, { timeout: 20_000 }).toBe('finished');
    expect((await read(run.id)).run.rows[0]?.state).toMatchObject({ kind: 'refused' });
    expect((await readOrder(team.liveUrl, TOKEN, orderId)).refund_amount).toBe('0.01');
  });
});

describe('a batch sums rows of one order, and counts what the order had', () => {
  test('300.00 + 300.00 on one order under a 500.00 threshold (each row under it): it waits, naming the order', async () => {
    const [a, b] = [await team.activatedOrder('600.00'), await team.activatedOrder('100.00')];
    const run = teamBulkRunSchema.parse((await create({ plan: planOf('sandbox', [{ orderId: a, amount: '300.00' }, { orderId: a, amount: '250.00' }, { orderId: b, amount: '1.00' }]) })).json);
    expect(run.state).toBe('awaiting_approval');
    expect(server.audit.at(-1)?.body).toMatchObject({ approval_reasons: [expect.stringContaining(`batch's total`), expect.stringContaining(`Order ${a}: 550.00 (this batch's 2 rows) is over`)] });
  });

  test('a refund already made on the order within the window counts: 400.00 refunded, then a batch row of 200.00 waits', async () => {
    const orderId = await team.activatedOrder('600.00');
    expect((await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds`, { amount: '400.00', destination_account_number: ACCOUNT, reason: 'Goods returned' })).status).toBe(200);
    const run = teamBulkRunSchema.parse((await create({ plan: planOf('sandbox', [{ orderId, amount: '200.00' }]) })).json);
    expect(run.state).toBe('awaiting_approval');
    // And while the batch waits, a single refund on that order counts its row.
    const single = await agent('POST', `/api/env/sandbox/orders/${orderId}/refunds/preview`, { amount: '0.01', destination_account_number: ACCOUNT, reason: 'Goods returned' });
    expect(single.json).toMatchObject({ approval: { needed: true, reasons: [expect.stringContaining('600.01 (600.00 before it)')] } });
  });
});

async function cookie(): Promise<string> {
  const answer = await call(server.url, 'POST', '/auth/sign-in', { json: { email: 'agent@example.com', password: 'a-long-test-password' }, headers: { Origin: server.url } });
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}
