import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { approvalSchema } from '../../contract/approvals.ts';
import { teamBulkRunSchema } from '../../contract/bulk-runs.ts';
import { sandboxPaths } from '../../contract/paths.ts';
import { createAuditLog } from '../audit/audit-log.ts';
import { TEST_AUDIT_KEY } from '../audit/audit-test-support.ts';
import { planOf } from '../bulk-runs/testing/bulk-plan.ts';
import { openConsoleDb } from '../console-db.ts';
import type { TeamConfig } from '../team-config.ts';
import type { NotifyConfig } from './notify/notify-config.ts';
import { notifyMessageSchema } from './notify/notify-messages.ts';
import type { OpsConsole } from './testing/ops-console.ts';
import { startOpsConsole } from './testing/ops-console.ts';
import type { Received, SyslogListener, WebhookReceiver } from './testing/listeners.ts';
import { startSyslogListener, startWebhookReceiver } from './testing/listeners.ts';

// On one team console: every audit row streamed to a local syslog server
// (RFC 5424 over TCP) as it is committed, through a listener that goes away and comes back and a
// console restarted while rows were appended; and a local webhook told, in the signed JSON shape,
// when a refund or a batch waits, is decided or fails, through its first two answers being 500s.

const ORIGIN = 'https://console.example.test';
const SECRET = 'notify-secret-for-the-readers-test-2b7e';
const METRICS_TOKEN = 'metrics-token-for-the-readers-test-9c1d';
const ACCOUNT = 'CZ6508000000192000145399';
// An incoming webhook's path is its credential (Slack's /services/T…/B…/<secret>).
const HOOK_PATH = '/services/T0001/B0002/webhook-path-secret-3c9f17';

let dir: string;
let consoleDir: string;
let syslog: SyslogListener;
let hooks: WebhookReceiver;
let ops: OpsConsole;
let agent = '';
let approver = '';

const team: Partial<TeamConfig> = {
  origin: ORIGIN,
  environments: [{ id: 'sandbox', name: 'Training sandbox', production: false, approvalThreshold: '100.00', target: { kind: 'sandbox' } }],
};
const notifyConfig = (): NotifyConfig => ({ format: 'json', secret: SECRET, origin: ORIGIN, webhookOf: () => `${hooks.url}${HOOK_PATH}`, retryMs: () => 150 });
const start = (people: Record<string, string[]>, teamToo: Partial<TeamConfig> = {}) =>
  startOpsConsole({ consoleDb: consoleDir, people, team: { ...team, ...teamToo }, start: { auditSink: { kind: 'syslog', host: '127.0.0.1', port: syslog.port }, notify: notifyConfig(), metrics: { token: METRICS_TOKEN, port: 0 } } });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'audit-readers-'));
  consoleDir = join(dir, 'console');
  [syslog, hooks] = await Promise.all([startSyslogListener(), startWebhookReceiver(2)]);
  ops = await start({ 'agent@example.com': ['agent'], 'approver@example.com': ['approver'] });
  [agent, approver] = await Promise.all([ops.signIn('agent@example.com'), ops.signIn('approver@example.com')]);
}, 90_000);

afterAll(async () => {
  await ops?.close();
  await Promise.all([syslog?.stop(), hooks?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const messageOf = z.object({ type: z.literal('audit_row'), seq: z.number(), action: z.string(), hash: z.string() });
const checkpointOf = z.object({ type: z.literal('audit_checkpoint'), seq: z.string(), mac: z.string() });
/** What the syslog server got: RFC 5424 messages of facility 13, MSGID audit (a row) or checkpoint (the signed head). */
const parsed = () =>
  syslog.messages.map((message) => {
    const match = /^<110>1 (\S+) \S+ order-console \d+ (audit|checkpoint) - (\{.*\})$/.exec(message);
    if (match === null) throw new Error(`not a message of the audit stream: ${message.slice(0, 120)}`);
    const json: unknown = JSON.parse(match[3] ?? '');
    return match[2] === 'audit' ? { row: messageOf.parse(json) } : { checkpoint: checkpointOf.parse(json) };
  });
const streamed = () => parsed().flatMap((m) => (m.row === undefined ? [] : [m.row]));
const checkpoints = () => parsed().flatMap((m) => (m.checkpoint === undefined ? [] : [m.checkpoint]));
const seqs = () => streamed().map((row) => row.seq);
/** CONSOLE_METRICS_PORT (a free one here): /metrics on a listener of its own, with the token too. */
const scrape = async () => {
  const answer = await fetch(`${ops.server.metricsUrl ?? ''}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(answer.status).toBe(200);
  return answer.text();
};
/** The value of `name` in the sample whose labels include `labels`, whatever their order. */
const sampleOf = (text: string, name: string, labels: Record<string, string>) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
};
const head = async () => {
  const text = await scrape();
  const lag = /^console_audit_sink_lag_rows (\d+)$/m.exec(text)?.[1];
  const delivered = /^console_audit_sink_delivered_seq (\d+)$/m.exec(text)?.[1];
  return { lag: Number(lag), delivered: Number(delivered) };
};
/** Every seq from 1 to the last streamed, each at least once. */
const complete = (values: number[]) => {
  const max = Math.max(0, ...values);
  return Array.from({ length: max }, (_, i) => i + 1).filter((seq) => !values.includes(seq));
};

test('every audit row reaches the syslog server, through a listener that goes away and a console restarted in between', async () => {
  // With a metrics port, /metrics is there only, and still asks for its token.
  expect(ops.server.metricsUrl).not.toBe(ops.url);
  expect((await fetch(`${ops.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
  expect((await fetch(`${ops.server.metricsUrl ?? ''}/metrics`)).status).toBe(401);
  expect((await fetch(`${ops.server.metricsUrl ?? ''}/readyz`)).status).toBe(200);
  await expect.poll(async () => (await head()).lag, { timeout: 10_000 }).toBe(0);
  const firstBatch = seqs().length;
  expect(firstBatch).toBeGreaterThan(1);
  expect(complete(seqs())).toEqual([]);

  await syslog.stop();
  for (let i = 0; i < 3; i++) await ops.signIn('agent@example.com');
  await syslog.start();
  for (let i = 0; i < 2; i++) await ops.signIn('agent@example.com');
  await expect.poll(async () => (await head()).lag, { timeout: 20_000 }).toBe(0);
  expect(complete(seqs())).toEqual([]);

  // Rows appended while no console runs (npm run users does so) go out when one starts again, from where it stopped.
  await ops.close();
  const before = new Set(seqs()).size;
  const received = streamed().length;
  const db = await openConsoleDb(consoleDir);
  const log = createAuditLog(db, { key: TEST_AUDIT_KEY });
  for (let i = 0; i < 4; i++) await log.record({ user: 'lead@example.com', role: 'admin', environment: null, action: 'user_enable', order_id: null, body: { n: i }, outcome: 'ok', address: null, user_agent: 'npm run users' });
  await db.close();
  ops = await start({});
  await expect.poll(() => new Set(seqs()).size, { timeout: 20_000 }).toBe(before + 4);
  expect(complete(seqs())).toEqual([]);
  expect(streamed().filter((row) => row.action === 'user_enable')).toHaveLength(4);
  // Resumed, not begun again: only the four new rows came after the restart.
  expect(streamed().length - received).toBe(4);
  // The chain's signed head went the same way (the checkpoint writer's, at each start), after the rows it vouches for.
  await expect.poll(() => checkpoints().some((c) => Number(c.seq) === Math.max(...seqs()))).toBe(true);
  [agent, approver] = await Promise.all([ops.signIn('agent@example.com'), ops.signIn('approver@example.com')]);
}, 90_000);

const signatureOk = (headers: Record<string, string | string[] | undefined>, body: string) => {
  const timestamp = String(headers['x-order-console-timestamp']);
  return headers['x-order-console-signature'] === `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
};

test('the webhook is told when refunds and batches wait, are decided or fail: signed, retried, with a link and nothing more than an approver sees', async () => {
  const request = async (amount: string) => {
    const order = await ops.activeOrder(agent, '500.00');
    const answer = await ops.call(agent, 'POST', `/api/env/sandbox/orders/${order.id}/refunds`, { amount, destination_account_number: ACCOUNT, reason: 'Customer request' });
    expect(answer.status).toBe(202);
    return { order, approval: z.object({ approval: approvalSchema }).parse(await answer.json()).approval };
  };
  const rejected = await request('150.00');
  expect((await ops.call(approver, 'POST', `/api/approvals/${rejected.approval.id}/reject`, { note: 'not this one' })).status).toBe(200);
  const refused = await request('160.00');
  await ops.call(agent, 'POST', `/env/sandbox${sandboxPaths.faults()}`, { operation: 'refund', order_id: refused.order.id, effect: { kind: 'status', status: 409 } });
  expect((await ops.call(approver, 'POST', `/api/approvals/${refused.approval.id}/approve`, {})).status).toBe(200);
  const orders = await Promise.all([ops.activeOrder(agent, '80.00'), ops.activeOrder(agent, '80.00')]);
  const run = await ops.call(agent, 'POST', '/api/env/sandbox/bulk-runs', { plan: planOf('sandbox', orders.map((o) => ({ orderId: o.id, amount: '60.00' }))) });
  const batch = teamBulkRunSchema.parse(await run.json());
  expect(batch.state).toBe('awaiting_approval');
  expect((await ops.call(approver, 'POST', `/api/bulk-runs/${batch.id}/approve`, {})).status).toBe(200);

  const wanted = ['refund.waiting', 'refund.rejected', 'refund.approved', 'refund.failed', 'batch.waiting', 'batch.approved'];
  const delivered = () => hooks.received.filter((r) => r.status === 200).map((r) => notifyMessageSchema.parse(JSON.parse(r.body)));
  await expect.poll(() => delivered().map((m) => m.event).sort(), { timeout: 20_000 }).toEqual([...wanted, 'refund.waiting'].sort());

  // The first two answers were 500s: each of those messages sent again, as it was, until taken; each taken once.
  const byDelivery = new Map<string, Received[]>();
  for (const r of hooks.received) {
    const delivery = String(r.headers['x-order-console-delivery']);
    byDelivery.set(delivery, [...(byDelivery.get(delivery) ?? []), r]);
  }
  expect(byDelivery.size).toBe(7);
  for (const attempts of byDelivery.values()) {
    // 500s (if any), then the one 200; the same body every time.
    expect(attempts.map((r) => (r.status === 200 ? 'taken' : 'refused'))).toEqual([...attempts.slice(1).map(() => 'refused'), 'taken']);
    expect(new Set(attempts.map((r) => r.body)).size).toBe(1);
  }
  expect(hooks.received.filter((r) => r.status === 500)).toHaveLength(2);
  for (const received of hooks.received) {
    expect(received.path).toBe(HOOK_PATH);
    expect(signatureOk(received.headers, received.body)).toBe(true);
    expect(received.body).not.toContain(ACCOUNT);
    expect(received.body).not.toContain('not this one');
  }
  const byEvent = (event: string, id: string) => delivered().find((m) => m.event === event && m.id === id);
  expect(byEvent('refund.rejected', rejected.approval.id)).toMatchObject({ amount: '150.00', order_id: rejected.order.id, requester: 'agent@example.com', by: 'approver@example.com', link: `${ORIGIN}/approvals`, environment: { id: 'sandbox', name: 'Training sandbox' } });
  expect(byEvent('refund.failed', refused.approval.id)?.text).toMatch(/^Refund of 160\.00 on order \w{8} in Training sandbox failed/);
  expect(byEvent('batch.waiting', batch.id)).toMatchObject({ rows: 2, amount: '120.00', link: `${ORIGIN}/refunds/bulk?run=${batch.id}` });
  // Sent and approved refunds say nothing more; a refund the service took is no news to an approver.
  expect(delivered().filter((m) => m.event.endsWith('.sent'))).toEqual([]);

  // The batch's two rows are sent after its approval; then every transition and row is counted, by label.
  await expect.poll(async () => sampleOf(await scrape(), 'console_bulk_rows_total', { environment: 'sandbox', outcome: 'refunded' }), { timeout: 20_000 }).toBe(2);
  const text = await scrape();
  const transitions = (kind: string, state: string) => sampleOf(text, 'console_approval_transitions_total', { environment: 'sandbox', kind, state });
  expect([transitions('refund', 'pending'), transitions('refund', 'rejected'), transitions('refund', 'approved'), transitions('refund', 'failed')]).toEqual([2, 1, 1, 1]);
  expect([transitions('batch', 'pending'), transitions('batch', 'approved')]).toEqual([1, 1]);
  expect(text).toMatch(/^console_notifications_total\{outcome="failed"\} 2$/m);
  expect(text).toMatch(/^console_notify_outbox_pending 0$/m);
  // The two failures are in the log by the webhook's host alone: its path, the secret, is in no line or metric.
  const failures = ops.lines.filter((line) => line.includes('answered HTTP 500'));
  expect(failures).toHaveLength(2);
  for (const secret of ['webhook-path-secret-3c9f17', SECRET]) {
    expect(ops.lines.join('\n')).not.toContain(secret);
    expect(text).not.toContain(secret);
  }
}, 90_000);

test('a request nobody decides expires on its own: the webhook is told and the metrics count it, with nobody opening the queue', async () => {
  await ops.close();
  ops = await start({}, { approvalTtlMs: 2_000 });
  agent = await ops.signIn('agent@example.com');
  const order = await ops.activeOrder(agent, '500.00');
  const asked = await ops.call(agent, 'POST', `/api/env/sandbox/orders/${order.id}/refunds`, { amount: '170.00', destination_account_number: ACCOUNT, reason: 'Customer request' });
  expect(asked.status).toBe(202);
  const { approval } = z.object({ approval: approvalSchema }).parse(await asked.json());
  const told = () => hooks.received.filter((r) => r.status === 200).map((r) => notifyMessageSchema.parse(JSON.parse(r.body)));
  await expect.poll(() => told().find((m) => m.event === 'refund.expired' && m.id === approval.id)?.amount, { timeout: 20_000 }).toBe('170.00');
  const text = await scrape();
  expect(sampleOf(text, 'console_approval_transitions_total', { environment: 'sandbox', kind: 'refund', state: 'expired' })).toBe(1);
  // Nothing was sent: the order was not refunded.
  const read = await ops.call(agent, 'GET', `/env/sandbox/psp/v2/order/${order.id}/`);
  expect(z.object({ refund_amount: z.string() }).parse(await read.json()).refund_amount).toBe('0.00');
}, 60_000);
