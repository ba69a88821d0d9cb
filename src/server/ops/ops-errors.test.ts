import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../db/store-db.ts';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import type { Store } from '../../sandbox/entry.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import { createServerApp } from '../app.ts';
import { noAuditSink } from '../audit-sink.ts';
import { openConsoleDb } from '../console-db.ts';
import { hashPassword } from '../passwords.ts';
import { grantSchema } from '../../contract/grants.ts';
import { addUser } from '../users.ts';
import { createDrain } from './drain.ts';
import { createLogger, prettyLine } from './logger.ts';
import { createConsoleMetrics } from './metrics.ts';

// What the console answers and logs when a statement fails. The database is the console's
// own, in memory; a switch makes the sessions' statements fail the way node-postgres fails while
// PostgreSQL restarts (a refused connection, an administrator's shutdown), or with a plain bug.
// (postgres-restart.test.ts stops a real PostgreSQL under load.)

let db: Database;
let store: Store;
let server: RunningServer;
let failure: Error | null = null;
const lines: string[] = [];
let cookie = '';

const failing = (code: string, message: string) => Object.assign(new Error(message), { code });

beforeAll(async () => {
  db = await openConsoleDb(':memory:');
  await addUser(db, { email: 'ana@example.com', grants: [grantSchema.parse('agent')], passwordHash: await hashPassword('a-long-test-password') });
  const flaky: Database = { ...db, query: (sql, params) => (failure !== null && sql.includes('console_sessions') ? Promise.reject(failure) : db.query(sql, params)) };
  store = await openStore(':memory:');
  const ops = { logger: createLogger({ format: 'json', write: (line) => lines.push(line) }), metrics: createConsoleMetrics(), drain: createDrain(), metricsToken: null };
  const app = createServerApp({
    sandbox: createSandboxApp({ store, tokens: ['errors-test-token-0f9e8d7c6b5a'], requestLines: false, log: () => undefined }),
    team: {
      ctx: {
        db: flaky,
        config: { auth: 'local', db: ':memory:', environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }], idleMs: 60_000, maxMs: 3_600_000, origin: null },
        audit: noAuditSink,
        log: () => undefined,
      },
      sandboxToken: 'errors-test-token-0f9e8d7c6b5a',
    },
    ops,
  });
  server = await serveApp(app);
  const signedIn = await fetch(`${server.url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify({ email: 'ana@example.com', password: 'a-long-test-password' }) });
  cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
  await store?.close();
});

const me = () => fetch(`${server.url}/api/me`, { headers: { Cookie: cookie } });
const eventOf = (requestId: string | null) =>
  lines.map((line) => z.record(z.string(), z.unknown()).parse(JSON.parse(line))).find((e) => e['req_id'] === requestId && e['level'] !== 'info' && typeof e['err'] === 'object');

test.each([
  ['a refused connection', failing('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
  ['the server shutting down', failing('57P01', 'terminating connection due to administrator command')],
  ['a connection that broke', new Error('Connection terminated unexpectedly')],
])('the database unreachable (%s): 503 with Retry-After, never a 500', async (_what, error) => {
  failure = error;
  try {
    const answer = await me();
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(await answer.json()).toMatchObject({ code: 'database_unavailable' });
    expect(eventOf(answer.headers.get('x-request-id'))).toMatchObject({ level: 'warn' });
  } finally {
    failure = null;
  }
  expect((await me()).status).toBe(200);
});

test('an unexpected error: 500 without details to the caller, and in the log with its stack and the request id', async () => {
  failure = failing('42P01', 'relation "console_sessions" does not exist');
  try {
    const answer = await me();
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ detail: 'Internal error', code: 'internal_error' });
    const event = eventOf(answer.headers.get('x-request-id'));
    expect(event).toMatchObject({ level: 'error', method: 'GET', path: '/api/me', err: { message: 'relation "console_sessions" does not exist' } });
    expect(JSON.stringify(event)).toContain('ops-errors.test.ts');
    // LOG_FORMAT=pretty writes the same event as the message with the stack under it.
    const pretty = prettyLine(lines.find((line) => line.includes('"level":"error"')) ?? '');
    expect(pretty.split('\n')[0]).toBe('ERROR GET /api/me: relation "console_sessions" does not exist');
    expect(pretty.split('\n').length).toBeGreaterThan(2);
  } finally {
    failure = null;
  }
});
