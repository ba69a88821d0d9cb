import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD_RESET_CHECK_PATH } from '../../contract/account.ts';
import { SIGN_IN_CODE_API_PATH } from '../../contract/console-api.ts';
import { trustedProxies } from '../client-address.ts';
import type { OpsConsole } from './testing/ops-console.ts';
import { PASSWORD, SANDBOX_TOKEN, startOpsConsole } from './testing/ops-console.ts';

// /healthz, /readyz and /metrics of a team console as main.ts starts it, and
// its JSON log line per request. One server for the file; a fake Order Service ("prod") that answers
// every request 503 stands for an environment that is down, and counts how often it is asked.

const METRICS_TOKEN = 'metrics-token-for-the-ops-test-5f1e0c';
const PROD_TOKEN = 'prod-partner-token-never-shown-9a8b7c';

let ops: OpsConsole;
let prod: Server;
let prodUrl: string;
let prodCalls = 0;
const seenByProd: string[] = [];

beforeAll(async () => {
  prod = createServer((req, res) => {
    prodCalls += 1;
    seenByProd.push(`${req.method ?? ''} ${req.url ?? ''} ${req.headers.authorization ?? ''}`);
    res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"detail":"down for maintenance"}');
  });
  await new Promise<void>((resolve) => prod.listen(0, '127.0.0.1', resolve));
  const address = prod.address();
  prodUrl = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  ops = await startOpsConsole({
    people: { 'agent@example.com': ['agent'], 'admin@example.com': ['admin'], 'guessed@example.com': ['viewer'] },
    environments: [
      { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } },
      { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', target: { kind: 'http', baseUrl: prodUrl, token: PROD_TOKEN } },
    ],
    team: { trustedProxies: trustedProxies(['127.0.0.1']) },
    start: { metrics: { token: METRICS_TOKEN, port: null } },
  });
}, 60_000);

afterAll(async () => {
  await ops?.close();
  await new Promise((resolve) => prod?.close(resolve));
});

const scrape = async () => {
  const response = await fetch(`${ops.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
};
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
};

/** A GET from `localAddress` (127.0.0.2 is no trusted proxy here), for X-Request-Id. */
function getFrom(localAddress: string, path: string, headers: Record<string, string>): Promise<{ status: number; requestId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, ops.url);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, localAddress, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, requestId: typeof res.headers['x-request-id'] === 'string' ? res.headers['x-request-id'] : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('health and readiness', () => {
  test('/healthz and /readyz answer without a session, name each dependency, hold no token or address, and are not audited', async () => {
    const appendsBefore = sample(await scrape(), 'console_audit_appends_total{outcome="ok"}') ?? 0;
    const health = await fetch(`${ops.url}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok' }]);

    const ready = await fetch(`${ops.url}/readyz`);
    const text = await ready.text();
    expect(ready.status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({
      status: 'degraded',
      checks: { database: { status: 'up' }, sandbox: { status: 'up' }, 'environment:prod': { status: 'down', detail: 'the service answered HTTP 503' } },
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    for (const secret of [PROD_TOKEN, SANDBOX_TOKEN, prodUrl, new URL(prodUrl).port]) expect(text).not.toContain(secret);
    // The prod service was asked with the environment's token, for an order that cannot exist.
    expect(seenByProd.at(-1)).toBe(`GET /psp/v2/order/00000000-0000-0000-0000-000000000000/ Token ${PROD_TOKEN}`);
    // The scrape reads readiness too; no audit row was added by any of it.
    expect(sample(await scrape(), 'console_audit_appends_total{outcome="ok"}') ?? 0).toBe(appendsBefore);
  });

  test('a burst of /readyz asks each dependency at most once per couple of seconds', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const before = prodCalls;
    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`${ops.url}/readyz`).then((r) => r.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(prodCalls - before).toBe(1);
  });
});

describe('request ids and the log', () => {
  test('X-Request-Id: kept from a trusted proxy when sane, made anew otherwise, and sent back', async () => {
    const fromProxy = await getFrom('127.0.0.1', '/healthz', { 'X-Request-Id': 'nginx-0f1e2d3c4b5a6978' });
    expect(fromProxy.requestId).toBe('nginx-0f1e2d3c4b5a6978');
    const notSane = await getFrom('127.0.0.1', '/healthz', { 'X-Request-Id': 'x' });
    expect(notSane.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const fromAnyone = await getFrom('127.0.0.2', '/healthz', { 'X-Request-Id': 'chosen-by-a-client-1234' });
    expect(fromAnyone.requestId).not.toBe('chosen-by-a-client-1234');
    expect(fromAnyone.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('one JSON line per request: id, route template, status, time and who; never a password, cookie or token', async () => {
    const cookie = await ops.signIn('agent@example.com');
    const order = await ops.activeOrder(cookie, '40.00');
    const me = await ops.call(cookie, 'GET', '/api/me');
    const requestId = me.headers.get('x-request-id');
    const refund = await ops.call(cookie, 'POST', `/api/env/sandbox/orders/${order.id}/refunds`, { amount: '5.00', destination_account_number: 'CZ6508000000192000145399', reason: 'Duplicate payment' });
    expect(refund.status).toBe(200);

    const events = ops.events();
    const line = events.find((e) => e['req_id'] === requestId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/me', path: '/api/me', status: 200, user: 'agent@example.com' });
    expect(line?.['msg']).toMatch(/^GET \/api\/me 200 \d+ms$/);
    expect(line?.['ms']).toBeTypeOf('number');
    expect(events.find((e) => e['route'] === '/api/env/:envId/orders/:orderId/refunds')).toMatchObject({ method: 'POST', status: 200, user: 'agent@example.com' });
    expect(events.find((e) => e['route'] === '/env/:envId/psp/v2/order/')).toMatchObject({ method: 'POST', status: 201 });
    expect(events.find((e) => e['route'] === '/auth/sign-in')).not.toHaveProperty('user');
    const all = ops.lines.join('\n');
    for (const secret of [PASSWORD, cookie.split('=')[1] ?? '', SANDBOX_TOKEN, PROD_TOKEN]) expect(all).not.toContain(secret);
  });

  test('what a client sends in a query, a header or a body (a code, a token, a password tried, a customer) is in no log line and no metric', async () => {
    const secrets = {
      code: 'authorization-code-4f1d9a7e',
      state: 'oidc-state-8b2c61f0',
      queryToken: 'token-in-a-query-0c9e2b',
      headerToken: 'token-in-a-header-5a7d3e',
      session: 'forged-session-id-9e1f4c',
      tried: 'a password somebody tried 71c3',
      stranger: 'someone-unknown-2d8f@example.com',
      metricsGuess: 'a-guessed-metrics-token-000000000',
      resetToken: 'a-reset-link-token-6c2e90d1',
      recoveryCode: 'recovery-code-3k7q-9m2x',
    };
    const before = ops.lines.length;
    const answers = await Promise.all([
      fetch(`${ops.url}/auth/oidc/callback?code=${secrets.code}&state=${secrets.state}`),
      fetch(`${ops.url}/api/me?access_token=${secrets.queryToken}`, { headers: { Authorization: `Token ${secrets.headerToken}`, Cookie: `console_session=${secrets.session}` } }),
      fetch(`${ops.url}/env/sandbox/psp/v2/order/?token=${secrets.queryToken}`, { headers: { Authorization: `Token ${secrets.headerToken}` } }),
      fetch(`${ops.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ops.url }, body: JSON.stringify({ email: secrets.stranger, password: secrets.tried }) }),
      fetch(`${ops.url}/metrics`, { headers: { Authorization: `Bearer ${secrets.metricsGuess}` } }),
      // A reset link's token and a second factor's code travel in bodies (the link's token in its fragment).
      fetch(`${ops.url}${PASSWORD_RESET_CHECK_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ops.url }, body: JSON.stringify({ token: secrets.resetToken }) }),
      fetch(`${ops.url}${SIGN_IN_CODE_API_PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ops.url }, body: JSON.stringify({ code: secrets.recoveryCode }) }),
    ]);
    // The callback's path in local sign-in is one of the console's pages; neither the link nor the code is taken.
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 401, 401, 401, 401]);
    for (const refused of answers.slice(5)) expect(refused.status).toBeGreaterThanOrEqual(400);
    // A customer's data in an order made through the console (orderBody: jana@example.com, Jana).
    const cookie = await ops.signIn('agent@example.com');
    await ops.activeOrder(cookie, '12.00');

    const logged = ops.lines.slice(before);
    // Each of those requests has its line, without its query: the test looks where the secrets would be.
    const paths = ops.events().slice(before).map((e) => e['path']);
    expect(paths).toEqual(expect.arrayContaining(['/auth/oidc/callback', '/api/me', '/env/sandbox/psp/v2/order/', '/auth/sign-in', '/metrics', PASSWORD_RESET_CHECK_PATH, SIGN_IN_CODE_API_PATH]));
    const scraped = await scrape();
    for (const secret of [...Object.values(secrets), 'jana@example.com', '"Jana"']) {
      expect(logged.join('\n')).not.toContain(secret);
      expect(scraped).not.toContain(secret);
    }
  });
});

describe('metrics', () => {
  test('/metrics needs its own token', async () => {
    expect((await fetch(`${ops.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${ops.url}/metrics`, { headers: { Authorization: 'Bearer not-the-metrics-token-at-all-0000' } })).status).toBe(401);
    const cookie = await ops.signIn('admin@example.com');
    // A session is no way in either.
    expect((await ops.call(cookie, 'GET', '/metrics')).status).toBe(401);
  });

  test('requests, refunds, sign-in failures, sessions and dependencies are counted under templates, with no order id or e-mail', async () => {
    const cookie = await ops.signIn('agent@example.com');
    const order = await ops.activeOrder(cookie, '30.00');
    expect((await ops.call(cookie, 'POST', `/api/env/sandbox/orders/${order.id}/refunds`, { amount: '2.50', destination_account_number: 'CZ6508000000192000145399', reason: 'Duplicate payment' })).status).toBe(200);
    await fetch(`${ops.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ops.url }, body: JSON.stringify({ email: 'agent@example.com', password: 'not the password' }) });

    const text = await scrape();
    expect(text).toContain('# TYPE console_http_request_duration_seconds histogram');
    expect(sample(text, 'console_http_requests_total{method="POST",route="/api/env/:envId/orders/:orderId/refunds",status="200"}')).toBe(2);
    expect(sample(text, 'console_http_requests_total{method="POST",route="/env/:envId/psp/v2/order/",status="201"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'console_refunds_total{environment="sandbox",path="direct",outcome="sent"}')).toBe(2);
    // A refund's intent, written ahead of it (write-ahead.ts), is no refund of its own, failed or otherwise.
    expect(sample(text, 'console_refunds_total{environment="sandbox",path="direct",outcome="failed"}')).toBeNull();
    expect(sample(text, 'console_forwarded_calls_total{environment="sandbox",operation="refund",outcome="2xx"}')).toBe(2);
    expect(sample(text, 'console_sign_in_failures_total{reason="wrong_password"}')).toBe(1);
    expect(sample(text, 'console_sign_ins_total')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'console_sessions_active')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'console_dependency_up{dependency="environment:prod"}')).toBe(0);
    expect(sample(text, 'console_dependency_up{dependency="database"}')).toBe(1);
    expect(sample(text, 'console_ready')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    for (const personal of [order.id, 'agent@example.com', 'admin@example.com', PROD_TOKEN]) expect(text).not.toContain(personal);
  });

  test('failed sign-ins by reason: ten wrong passwords, then the account is locked, and that is counted as locked', async () => {
    const failures = async () => {
      const text = await scrape();
      return { wrong: sample(text, 'console_sign_in_failures_total{reason="wrong_password"}') ?? 0, locked: sample(text, 'console_sign_in_failures_total{reason="locked"}') ?? 0 };
    };
    const before = await failures();
    const attempt = (password: string) =>
      fetch(`${ops.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: ops.url }, body: JSON.stringify({ email: 'guessed@example.com', password }) });
    for (let i = 0; i < 10; i++) expect((await attempt(`guess number ${i}`)).status).toBe(401);
    // The right password no longer helps: locked.
    expect((await attempt(PASSWORD)).status).not.toBe(200);
    expect(await failures()).toEqual({ wrong: before.wrong + 10, locked: before.locked + 1 });
  });
});
