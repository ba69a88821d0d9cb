import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { TeamConfig } from '../team-config.ts';
import { readNotifyConfig } from './notify/notify-config.ts';
import { deliveryRequest } from './notify/notify-format.ts';
import type { NotifyMessage } from './notify/notify-messages.ts';
import { readOpsConfig } from './ops-config.ts';

// The service settings: each refused at start with one line naming it; the notification's two shapes.

const team = (overrides: Partial<TeamConfig> = {}): TeamConfig => ({
  auth: 'local',
  db: ':memory:',
  environments: [
    { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } },
    { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', target: { kind: 'http', baseUrl: 'https://orders.example.com', token: 't' }, notifyWebhook: 'https://hooks.example.com/prod' },
  ],
  idleMs: 60_000,
  maxMs: 3_600_000,
  origin: 'https://console.example.com',
  ...overrides,
});

describe('readOpsConfig', () => {
  test('a personal console writes plain lines, a team console JSON; no metrics, no sink by default', () => {
    expect(readOpsConfig({}, { team: false, port: 8080 })).toEqual({ logFormat: 'pretty', logLevel: 'info', metricsToken: null, metricsPort: null, bulkLeaseMs: null, auditSink: null });
    expect(readOpsConfig({}, { team: true, port: 8080 }).logFormat).toBe('json');
  });

  test('the sink: a file with its rotation size, or syslog over TCP (514 unless said)', () => {
    expect(readOpsConfig({ CONSOLE_AUDIT_SINK: 'file:/var/log/oc/audit.jsonl', CONSOLE_AUDIT_SINK_ROTATE_MB: '5' }, { team: true, port: 8080 }).auditSink).toEqual({ kind: 'file', path: '/var/log/oc/audit.jsonl', rotateBytes: 5 * 1024 * 1024 });
    expect(readOpsConfig({ CONSOLE_AUDIT_SINK: 'syslog+tcp://logs.internal' }, { team: true, port: 8080 }).auditSink).toEqual({ kind: 'syslog', host: 'logs.internal', port: 514 });
  });

  test.each([
    [{ LOG_FORMAT: 'xml' }, true, 'LOG_FORMAT must be "json" or "pretty", got "xml"'],
    [{ LOG_LEVEL: 'loud' }, true, 'LOG_LEVEL must be one of'],
    [{ CONSOLE_METRICS_TOKEN: 'short' }, true, 'CONSOLE_METRICS_TOKEN must be at least 24 characters'],
    [{ CONSOLE_METRICS_PORT: '8080' }, true, 'CONSOLE_METRICS_PORT must differ from PORT'],
    [{ CONSOLE_BULK_LEASE: '2s' }, true, 'CONSOLE_BULK_LEASE must be a duration of at least 5s'],
    [{ CONSOLE_AUDIT_SINK: 'file:audit.jsonl' }, true, 'CONSOLE_AUDIT_SINK: a file is written file:/absolute/path.jsonl'],
    [{ CONSOLE_AUDIT_SINK: 'udp://logs:514' }, true, 'CONSOLE_AUDIT_SINK must be file:/absolute/path.jsonl or syslog+tcp://host:port'],
    [{ CONSOLE_AUDIT_SINK: 'file:/tmp/a.jsonl' }, false, 'CONSOLE_AUDIT_SINK streams the audit log of team mode'],
    [{ CONSOLE_NOTIFY_WEBHOOK: 'https://hooks.example.com/x' }, false, 'CONSOLE_NOTIFY_WEBHOOK tells approvers of team mode'],
  ])('%o refused', (env, isTeam, message) => {
    expect(() => readOpsConfig(env, { team: isTeam, port: 8080 })).toThrow(message);
  });
});

describe('notifications', () => {
  test('an environment with a webhook of its own gets its messages there, the others at CONSOLE_NOTIFY_WEBHOOK', () => {
    const config = readNotifyConfig({ CONSOLE_NOTIFY_WEBHOOK: 'https://hooks.example.com/all' }, team());
    expect([config?.webhookOf('prod'), config?.webhookOf('sandbox'), config?.format]).toEqual(['https://hooks.example.com/prod', 'https://hooks.example.com/all', 'slack']);
    expect(readNotifyConfig({}, team({ environments: team().environments.slice(0, 1) }))).toBeNull();
  });

  test.each([
    [{ CONSOLE_NOTIFY_FORMAT: 'json' }, {}, 'CONSOLE_NOTIFY_FORMAT=json signs each message: set CONSOLE_NOTIFY_SECRET'],
    [{ CONSOLE_NOTIFY_SECRET: 'short' }, {}, 'CONSOLE_NOTIFY_SECRET must be at least 16 characters'],
    [{ CONSOLE_NOTIFY_WEBHOOK: 'ftp://hooks' }, {}, 'CONSOLE_NOTIFY_WEBHOOK must be an http(s) URL'],
    [{}, { origin: null }, 'notifications link to the request: set CONSOLE_ORIGIN'],
  ])('%o refused', (env, overrides, message) => {
    expect(() => readNotifyConfig(env, team(overrides))).toThrow(message);
  });

  const message: NotifyMessage = {
    event: 'refund.waiting',
    id: '6f0c6a53-5b8e-4f3b-9d7e-0a1b2c3d4e5f',
    environment: { id: 'prod', name: 'Production', production: true },
    order_id: '0b5e2d7c-1111-4222-8333-944455556666',
    amount: '250.00',
    requester: 'ana@example.com',
    by: null,
    reason: 'Customer request',
    at: '2026-12-07T20:00:00.000Z',
    link: 'https://console.example.com/approvals',
    text: 'Refund of 250.00 on order 0b5e2d7c in Production waits for approval (asked by ana@example.com, reason: Customer request). https://console.example.com/approvals',
    audit_seq: 42,
  };

  test("Slack's shape is the text alone; ours is the whole message, its signature the HMAC-SHA-256 of the timestamp and the body", () => {
    const slack = deliveryRequest({ format: 'slack', secret: null, origin: 'https://console.example.com', webhookOf: () => null }, '7', message);
    expect(JSON.parse(slack.body)).toEqual({ text: message.text });
    expect(slack.headers).not.toHaveProperty('X-Order-Console-Signature');
    const secret = 'a-secret-of-sixteen-or-more';
    const signed = deliveryRequest({ format: 'json', secret, origin: 'https://console.example.com', webhookOf: () => null }, '7', message, new Date('2026-12-07T20:00:05Z'));
    expect(JSON.parse(signed.body)).toEqual(message);
    expect(signed.headers).toMatchObject({ 'X-Order-Console-Timestamp': '1796673605', 'X-Order-Console-Delivery': '7', 'X-Order-Console-Event': 'refund.waiting' });
    expect(signed.headers['X-Order-Console-Signature']).toBe(`sha256=${createHmac('sha256', secret).update(`1796673605.${signed.body}`).digest('hex')}`);
  });
});
