import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { teamBulkRunSchema } from '../src/contract/bulk-runs.ts';
import { grantSchema } from '../src/contract/grants.ts';
import { orderEventsResponseSchema } from '../src/contract/history.ts';
import { orderServicePaths, sandboxPaths } from '../src/contract/paths.ts';
import { orderSchema } from '../src/contract/schemas.ts';
import { postgresDatabase } from '../src/db/store-db-postgres.ts';
import type { MainProcess } from '../src/sandbox/testing/child.ts';
import { freePort, spawnMain, waitForListening } from '../src/sandbox/testing/child.ts';
import { orderBody } from '../src/sandbox/testing/http.ts';
import type { ThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import { startThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import { planOf } from '../src/server/bulk-runs/testing/bulk-plan.ts';
import { hashPassword } from '../src/server/passwords.ts';
import { addUser } from '../src/server/users.ts';
import type { HttpsClient } from './deploy-client.ts';
import { httpsClient } from './deploy-client.ts';
import type { Nginx } from './deploy-nginx.ts';
import { renderSite, selfSignedCertificate, startNginx } from './deploy-nginx.ts';

// npm run deploy-check: the deployment docs/operations.md describes, started here on
// loopback and checked as its users would meet it. Debian's nginx with deploy/nginx/order-console.conf
// and a certificate made now, in front of two console processes (`npm run serve`'s main) on one
// PostgreSQL started for the run. A person signs in through one process and acts through the other;
// a bulk run is started, the process sending it is killed with kill -9, and the run and the session
// carry on through the other, which then stops on SIGTERM after answering a read in flight.
// Everything started here is stopped, and the directory removed, at the end, on a failure and after
// LIMIT_MS whatever happens. Exit 0 when every check held.

// The bound only ends a run that hangs: a busy two-core machine finishes well inside it.
const LIMIT_MS = 180_000;
const PASSWORD = 'deploy-check-password-4c1e';
const ROWS = 10;
const started = performance.now();
const say = (line: string) => console.info(`deploy-check: ${line} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

class CheckFailed extends Error {}
function check(holds: boolean, what: string): void {
  if (!holds) throw new CheckFailed(what);
}

const dir = mkdtempSync(join(tmpdir(), 'order-console-deploy-'));
// What the run started, for the clean-up (filled in as it starts them).
const running: { postgres: ThrowawayPostgres | null; nginx: Nginx | null } = { postgres: null, nginx: null };
const consoles: MainProcess[] = [];

async function cleanUp(): Promise<void> {
  await running.nginx?.stop().catch(() => undefined);
  for (const main of consoles) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
  await Promise.all(consoles.map((main) => main.exited));
  await running.postgres?.stop().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}

/** Which console answered the request with this id (each logs one JSON line per request with it). */
function answeredBy(requestId: string | string[] | undefined): number {
  if (typeof requestId !== 'string' || !/^[0-9a-f]{32}$/.test(requestId)) return -1;
  return consoles.findIndex((main) => main.stdout().split('\n').some((line) => line.includes(`"req_id":"${requestId}"`)));
}

async function until<T>(what: string, probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    check(Date.now() < deadline, `${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function prepare(): Promise<{ browser: HttpsClient; consoleUrl: string; base: string }> {
  const [pgServer, tls, ports] = await Promise.all([startThrowawayPostgres(), selfSignedCertificate(dir), Promise.all([freePort(), freePort(), freePort(), freePort()])]);
  running.postgres = pgServer;
  const [consoleUrl, sandboxUrl] = await Promise.all([pgServer.createDatabase('console'), pgServer.createDatabase('sandbox')]);
  const [https, http, a, b] = ports;
  const base = `https://localhost:${https}`;
  say(`PostgreSQL on ${new URL(consoleUrl).host}, a certificate for localhost`);

  const env = {
    HOST: '127.0.0.1',
    CONSOLE_AUTH: 'local',
    CONSOLE_DATABASE_URL: consoleUrl,
    SANDBOX_DATABASE_URL: sandboxUrl,
    SANDBOX_TOKENS: randomBytes(24).toString('hex'),
    CONSOLE_ORIGIN: base,
    CONSOLE_TRUSTED_PROXIES: '127.0.0.1',
    CONSOLE_AUDIT_KEY: randomBytes(32).toString('base64url'),
    CONSOLE_AUDIT_CHECKPOINT_FILE: join(dir, 'audit-checkpoint.json'),
    CONSOLE_BULK_LEASE: '5s',
    LOG_FORMAT: 'json',
  };
  consoles.push(spawnMain({ ...env, PORT: String(a) }), spawnMain({ ...env, PORT: String(b) }));
  const [passwordHash] = await Promise.all([hashPassword(PASSWORD), (async () => (running.nginx = await startNginx(dir, renderSite({ https, http, consoles: [a, b] }, tls))))()]);
  await Promise.all(consoles.map((main) => waitForListening(main, 60_000)));
  // The consoles made the schema; a person to sign in, as `npm run users -- add` would add one.
  const db = await postgresDatabase(consoleUrl, { max: 1 });
  try {
    await addUser(db, { email: 'agent@example.com', grants: [grantSchema.parse('agent')], passwordHash });
  } finally {
    await db.close();
  }
  const redirect = await new Promise<{ status: number; location: string }>((resolve, reject) => {
    httpGet(`http://127.0.0.1:${http}/orders`, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: String(res.headers.location) });
    }).on('error', reject);
  });
  check(redirect.status === 301 && redirect.location.startsWith('https://'), `plain HTTP is sent to HTTPS: ${redirect.status} ${redirect.location}`);
  say(`nginx on ${base} in front of two consoles (127.0.0.1:${a}, 127.0.0.1:${b}); plain HTTP redirected`);
  // The browser comes from 127.0.0.3: nginx itself talks to the consoles from 127.0.0.1.
  return { browser: httpsClient(base, readFileSync(tls.cert, 'utf8'), '127.0.0.3'), consoleUrl, base };
}

async function signInAndAct(browser: HttpsClient, consoleUrl: string): Promise<string[]> {
  const ready = await browser.call('GET', '/readyz');
  check(ready.status === 200 && z.object({ status: z.literal('ready') }).safeParse(ready.json).success, `/readyz through nginx: ${ready.status} ${ready.text}`);
  check((await browser.call('GET', '/metrics')).status === 404, '/metrics is not served through the public address');

  // A client cannot choose the address the console records: nginx appends the one it saw.
  const signIn = await browser.call('POST', '/auth/sign-in', { json: { email: 'agent@example.com', password: PASSWORD }, headers: { 'X-Forwarded-For': '203.0.113.9' } });
  check(signIn.status === 200, `sign-in through nginx: ${signIn.status} ${signIn.text}`);
  const setCookie = String(signIn.headers['set-cookie'] ?? '');
  check(/^__Host-console_session=[^;]+;.*\bSecure\b/i.test(setCookie) && /HttpOnly/i.test(setCookie), `the session cookie is __Host- and Secure under https: ${setCookie.replace(/=[^;]+/, '=…')}`);
  browser.cookie = setCookie.split(';')[0] ?? null;
  const signedInAt = answeredBy(signIn.headers['x-request-id']);
  check(signedInAt >= 0, `the answer's X-Request-Id (${String(signIn.headers['x-request-id'])}) is nginx's $request_id, in one console's log`);
  const pg1 = new pg.Client({ connectionString: consoleUrl });
  await pg1.connect();
  try {
    const { rows } = await pg1.query<{ address: string | null }>("SELECT address FROM audit_log WHERE action = 'sign_in' ORDER BY audit_log.seq DESC LIMIT 1");
    check(rows[0]?.address === '127.0.0.3', `the sign-in is recorded from the browser's address, not nginx's or a forged one: ${rows[0]?.address ?? 'none'}`);
  } finally {
    await pg1.end();
  }
  say(`signed in through console ${signedInAt + 1}: __Host- cookie, Secure; recorded from 127.0.0.3`);

  const orders: string[] = [];
  let other = 0;
  for (let i = 0; i < ROWS; i++) {
    const created = await browser.call('POST', `/env/sandbox${orderServicePaths.orderCreate()}`, { json: orderBody({ order_data: { eshop_external_id: 'deploy-check', amount: '10.00' } }) });
    check(created.status === 201, `create through nginx: ${created.status} ${created.text}`);
    const id = orderSchema.parse(created.json).id;
    const moved = await browser.call('POST', `/env/sandbox${sandboxPaths.orderStatus(id)}`, { json: { status: 'activated' } });
    check(moved.status === 200, `activation through nginx: ${moved.status} ${moved.text}`);
    for (const answer of [created, moved]) if (answeredBy(answer.headers['x-request-id']) === 1 - signedInAt) other += 1;
    orders.push(id);
  }
  check(other > 0, 'the other console answered some of the session\'s requests');
  say(`${ROWS} orders made with that session, ${other} of ${2 * ROWS} requests answered by the other console`);
  return orders;
}

/** The run started, its holder killed with kill -9, the run finished on the other; the other's index. */
async function killMidRun(browser: HttpsClient, consoleUrl: string, orders: readonly string[]): Promise<number> {
  const plan = planOf('sandbox', orders.map((orderId) => ({ orderId, amount: '4.00' })));
  const created = await browser.call('POST', '/api/env/sandbox/bulk-runs', { json: { plan } });
  check(created.status === 201, `bulk run through nginx: ${created.status} ${created.text}`);
  const id = teamBulkRunSchema.parse(created.json).id;
  const read = async () => {
    const answer = await browser.call('GET', `/api/env/sandbox/bulk-runs/${id}`);
    check(answer.status === 200, `the run read through nginx answered ${answer.status} (the session must carry on)`);
    return teamBulkRunSchema.parse(answer.json);
  };
  await until('two rows refunded', async () => ((await read()).progress.refunded >= 2 ? true : null), 15_000);
  const pg1 = new pg.Client({ connectionString: consoleUrl });
  await pg1.connect();
  let owner: string;
  try {
    const { rows } = await pg1.query<{ lease_owner: string | null }>('SELECT lease_owner FROM console_bulk_runs WHERE id = $1', [id]);
    owner = rows[0]?.lease_owner ?? '';
  } finally {
    await pg1.end();
  }
  const victim = consoles.findIndex((main) => owner.split(':')[1] === String(main.child.pid));
  check(victim >= 0, `the run is held by one of the two consoles (lease ${owner})`);
  const before = (await read()).progress;
  consoles[victim]?.child.kill('SIGKILL');
  say(`console ${victim + 1}, sending the run (${before.refunded} of ${ROWS} refunded), killed with kill -9`);

  const finished = await until('the run finished on the other console', async () => {
    const run = await read();
    return run.state === 'finished' ? run : null;
  }, 30_000);
  check(finished.progress.refunded === ROWS && finished.progress.unknown === 0, `every row refunded: ${JSON.stringify(finished.progress)}`);
  for (const orderId of orders) {
    const order = orderSchema.parse((await browser.call('GET', `/env/sandbox${orderServicePaths.orderRead(orderId)}`)).json);
    const history = orderEventsResponseSchema.parse((await browser.call('GET', `/env/sandbox${sandboxPaths.orderEvents(orderId)}`)).json);
    const refunds = history.results.filter((event) => event.type === 'refunded').length;
    check(order.refund_amount === '4.00' && refunds === 1, `order ${orderId} refunded once with 4.00: ${order.refund_amount} in ${refunds} refunds`);
  }
  check((await browser.call('GET', '/api/me')).status === 200, 'the session carries on after the kill');
  say(`the run finished on console ${2 - victim}: ${ROWS} rows, each order refunded exactly once; the session still works`);
  return 1 - victim;
}

/** SIGTERM to the console left while a read is held 2.5 s at the sandbox: the read is answered, then the process exits 0. */
async function stopGracefully(browser: HttpsClient, survivor: number, orderId: string): Promise<void> {
  const main = consoles[survivor];
  check(main !== undefined, 'a console is left');
  if (main === undefined) return;
  const armed = await browser.call('POST', `/env/sandbox${sandboxPaths.faults()}`, { json: { operation: 'read', order_id: orderId, effect: { kind: 'delay', ms: 2_500 } } });
  check(armed.status === 201, `a delay armed through nginx: ${armed.status} ${armed.text}`);
  const read = browser.call('GET', `/env/sandbox${orderServicePaths.orderRead(orderId)}`);
  await new Promise((resolve) => setTimeout(resolve, 700));
  main.child.kill('SIGTERM');
  const answer = await read;
  check(answer.status === 200, `the read in flight at SIGTERM is answered: ${answer.status} ${answer.text}`);
  const exited = await Promise.race([main.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000))]);
  check(exited?.code === 0, `the console exits 0 after SIGTERM: ${JSON.stringify(exited)}`);
  check(main.stdout().includes('SIGTERM: finishing requests in flight'), 'the console says it is finishing what is in flight');
  say(`SIGTERM to console ${survivor + 1} while a read was in flight: answered 200, then exit 0`);
}

const limit = setTimeout(() => {
  console.error(`deploy-check: over ${LIMIT_MS / 1000} s; stopping everything`);
  void cleanUp().finally(() => process.exit(1));
}, LIMIT_MS);

let code = 1;
try {
  const { browser, consoleUrl, base } = await prepare();
  const orders = await signInAndAct(browser, consoleUrl);
  const survivor = await killMidRun(browser, consoleUrl, orders);
  await stopGracefully(browser, survivor, orders[0] ?? '');
  say(`passed: ${base} behind nginx, two consoles on one PostgreSQL`);
  code = 0;
} catch (error) {
  console.error(`deploy-check: FAILED: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof CheckFailed) && error instanceof Error && error.stack !== undefined) console.error(error.stack);
  if (running.nginx !== null) console.error(`nginx said: ${running.nginx.errors().trim().split('\n').slice(-5).join(' | ')}`);
  for (const [i, main] of consoles.entries()) console.error(`console ${i + 1} stderr: ${main.stderr().trim().split('\n').slice(-5).join(' | ')}`);
} finally {
  clearTimeout(limit);
  await cleanUp();
}
process.exitCode = code;
