import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { grantSchema } from '../../../contract/grants.ts';
import { orderServicePaths, sandboxPaths } from '../../../contract/paths.ts';
import type { Order } from '../../../contract/schemas.ts';
import { orderSchema } from '../../../contract/schemas.ts';
import { orderBody } from '../../../sandbox/testing/http.ts';
import { TEST_AUDIT_KEY } from '../../audit/audit-test-support.ts';
import { openConsoleDb } from '../../console-db.ts';
import { hashPassword } from '../../passwords.ts';
import type { ConsoleServer, StartOptions } from '../../server.ts';
import { startServer } from '../../server.ts';
import type { TeamConfig, TeamEnvironment } from '../../team-config.ts';
import { addUser } from '../../users.ts';
import { createLogger } from '../logger.ts';

// Test support for the suites of src/server/ops/: the console server as startServer builds it for main.ts (the
// log, metrics, readiness and workers wired), in team mode, its JSON log lines kept for the test.
// People are added to its database before it starts (an embedded one is this process's while open).

const eventSchema = z.record(z.string(), z.unknown());

export const PASSWORD = 'a-long-test-password';
export const SANDBOX_TOKEN = 'ops-test-sandbox-token-7d2a9c41b0e3';

export interface OpsConsole {
  server: ConsoleServer;
  url: string;
  /** Every JSON line the server logged, parsed. */
  events: () => Record<string, unknown>[];
  lines: string[];
  signIn(email: string): Promise<string>;
  /** POST/GET with the session cookie, from the console's own origin. */
  call(cookie: string, method: string, path: string, json?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** An activated order of `amount` in the embedded sandbox, made through the console. */
  activeOrder(cookie: string, amount: string): Promise<Order>;
  close(): Promise<void>;
}

export interface OpsConsoleOptions {
  /** A postgres:// URL or a data directory (kept when the console closes); default an embedded database in a temporary directory. */
  consoleDb?: string;
  people: Record<string, string[]>;
  environments?: TeamEnvironment[];
  team?: Partial<TeamConfig>;
  start?: Partial<StartOptions>;
}

export async function startOpsConsole(options: OpsConsoleOptions): Promise<OpsConsole> {
  const dir = options.consoleDb === undefined ? mkdtempSync(join(tmpdir(), 'ops-console-')) : null;
  const consoleDb = options.consoleDb ?? join(dir ?? '', 'console');
  const db = await openConsoleDb(consoleDb);
  try {
    for (const [email, grants] of Object.entries(options.people)) {
      await addUser(db, { email, grants: grants.map((g) => grantSchema.parse(g)), passwordHash: await hashPassword(PASSWORD) });
    }
  } finally {
    await db.close();
  }
  const lines: string[] = [];
  const server = await startServer({
    db: ':memory:',
    tokens: [SANDBOX_TOKEN],
    logger: createLogger({ format: 'json', level: 'debug', write: (line) => lines.push(line) }),
    team: {
      auth: 'local',
      db: consoleDb,
      environments: options.environments ?? [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }],
      idleMs: 60 * 60_000,
      maxMs: 12 * 3_600_000,
      origin: null,
      // Never the generated key and checkpoint beside a database in the repository's .data/.
      auditKey: TEST_AUDIT_KEY,
      auditCheckpointFile: null,
      ...options.team,
    },
    ...options.start,
  });
  const url = server.url;
  // With CONSOLE_ORIGIN a write must come from it (as behind a proxy); else from the address called.
  const origin = options.team?.origin ?? url;
  const call = (cookie: string, method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: origin, ...(json !== undefined && { 'Content-Type': 'application/json' }), ...headers },
      ...(json !== undefined && { body: JSON.stringify(json) }),
    });
  return {
    server,
    url,
    lines,
    events: () => lines.map((line) => eventSchema.parse(JSON.parse(line))),
    async signIn(email) {
      const response = await fetch(`${url}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, password: PASSWORD }) });
      if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}`);
      return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    },
    call,
    async activeOrder(cookie, amount) {
      const created = await call(cookie, 'POST', `/env/sandbox${orderServicePaths.orderCreate()}`, orderBody({ order_data: { eshop_external_id: 'ops', amount } }));
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
      const order = orderSchema.parse(await created.json());
      const moved = await call(cookie, 'POST', `/env/sandbox${sandboxPaths.orderStatus(order.id)}`, { status: 'activated' });
      if (moved.status !== 200) throw new Error(`activation answered ${moved.status}: ${await moved.text()}`);
      return orderSchema.parse(await moved.json());
    },
    async close() {
      await server.close();
      if (dir !== null) rmSync(dir, { recursive: true, force: true });
    },
  };
}
