import type { Grant } from '../../../contract/permissions.ts';
import { grantSchema } from '../../../contract/grants.ts';
import type { Database } from '../../../db/store-db.ts';
import type { FetchApp, RunningServer } from '../../../http/listen.ts';
import type { Store } from '../../../sandbox/entry.ts';
import { createSandboxApp, openStore } from '../../../sandbox/entry.ts';
import { serveApp } from '../../../http/listen.ts';
import { call, createOrder, moveOrder } from '../../../sandbox/testing/http.ts';
import { testStoreKind, testStoreLocation } from '../../../sandbox/testing/test-store.ts';
import { createServerApp } from '../../app.ts';
import type { AuditEntry } from '../../audit-sink.ts';
import { TEST_AUDIT_KEY } from '../../audit/audit-test-support.ts';
import { consoleAuditSink } from '../../audit-sink.ts';
import { createBackground } from '../../background.ts';
import { openConsoleDb } from '../../console-db.ts';
import { hashPassword } from '../../passwords.ts';
import type { TeamConfig } from '../../team-config.ts';
import { addUser } from '../../users.ts';

// Test support for D17: the sandbox as the Order Service twice over — in-process as the environment
// `sandbox` (threshold 100.00) and over real HTTP as `live` (threshold 0.00, every refund), so D13's
// connection faults (lose_answer, drop) really cut a socket — and one or more console servers in
// team mode on one console database (PGlite in memory, or a database on the throwaway PostgreSQL
// under the sandbox-postgres project; there each console opens its own pool, as two processes would).

export const TOKEN = 'approvals-test-token-7d2e';
const PASSWORD = 'a-long-test-password';

export interface Team {
  store: Store;
  sandboxApp: FetchApp;
  /** The sandbox over HTTP (the `live` environment's base URL). */
  liveUrl: string;
  consoleLocation: string;
  consoles: ConsoleServer[];
  startConsole(options?: { config?: Partial<TeamConfig>; shareDb?: boolean }): Promise<ConsoleServer>;
  addUser(email: string, grants: string[]): Promise<void>;
  /** An activated order of `amount` in the sandbox; its id. */
  activatedOrder(amount?: string): Promise<string>;
  close(): Promise<void>;
}

export interface ConsoleServer {
  url: string;
  db: Database;
  audit: AuditEntry[];
  signIn(email: string): Promise<Caller>;
  close(): Promise<void>;
}

/** A signed-in person's request: `json` serialised, or `raw` sent as it is (as application/json). */
export type Caller = (method: string, path: string, json?: unknown, raw?: string) => Promise<{ status: number; json: unknown }>;

const grants = (texts: string[]): Grant[] => texts.map((text) => grantSchema.parse(text));

export async function startTeam(): Promise<Team> {
  const store = await openStore(await testStoreLocation());
  const sandboxApp = createSandboxApp({ store, tokens: [TOKEN], log: () => undefined });
  const live: RunningServer = await serveApp(sandboxApp);
  const consoleLocation = await testStoreLocation();
  const consoles: ConsoleServer[] = [];
  let firstDb: Database | null = null;

  const startConsole = async (options: { config?: Partial<TeamConfig>; shareDb?: boolean } = {}): Promise<ConsoleServer> => {
    // PGlite in memory is one database per handle: a second console shares the handle; PostgreSQL gets a second pool.
    const shared = firstDb !== null && (options.shareDb === true || testStoreKind() === 'pglite');
    const db = shared && firstDb !== null ? firstDb : await openConsoleDb(consoleLocation);
    firstDb ??= db;
    const audit: AuditEntry[] = [];
    const table = consoleAuditSink(db, () => [TOKEN], TEST_AUDIT_KEY);
    const config: TeamConfig = {
      auth: 'local',
      db: consoleLocation,
      environments: [
        { id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: '100.00', target: { kind: 'sandbox' } },
        { id: 'live', name: 'Live', production: true, approvalThreshold: '0.00', target: { kind: 'http', baseUrl: live.url, token: TOKEN } },
      ],
      idleMs: 15 * 60_000,
      maxMs: 12 * 3_600_000,
      origin: null,
      ...options.config,
    };
    const work = createBackground();
    const ctx = {
      db,
      config,
      background: work.background,
      audit: {
        async record(entry: AuditEntry) {
          audit.push(entry);
          await table.record(entry);
        },
      },
      log: () => undefined,
    };
    const running = await serveApp(createServerApp({ sandbox: sandboxApp, team: { ctx, sandboxToken: TOKEN }, log: () => undefined }));
    const server: ConsoleServer = {
      url: running.url,
      db,
      audit,
      async signIn(email) {
        const response = await call(running.url, 'POST', '/auth/sign-in', { json: { email, password: PASSWORD }, headers: { Origin: running.url } });
        if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status} ${response.text}`);
        const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
        return async (method, path, json, raw) => {
          const headers = { Cookie: cookie, Origin: running.url, ...(raw !== undefined && { 'Content-Type': 'application/json' }) };
          const answer = await call(running.url, method, path, { headers, ...(json !== undefined && { json }), ...(raw !== undefined && { body: raw }) });
          return { status: answer.status, json: answer.json };
        };
      },
      async close() {
        await work.stop();
        await running.close();
        if (!shared) await db.close();
      },
    };
    consoles.push(server);
    return server;
  };

  return {
    store,
    sandboxApp,
    liveUrl: live.url,
    consoleLocation,
    consoles,
    startConsole,
    async addUser(email, texts) {
      if (firstDb === null) throw new Error('start a console first');
      await addUser(firstDb, { email, grants: grants(texts), passwordHash: await hashPassword(PASSWORD) });
    },
    async activatedOrder(amount = '500.00') {
      const order = await createOrder(live.url, TOKEN, { order_data: { eshop_external_id: 'shop-1', amount }, items: [{ name: 'X', quantity: 1, amount, type: 'goods' }] });
      await moveOrder(live.url, TOKEN, order.id, 'activated');
      return order.id;
    },
    async close() {
      // Shared handles close with the console that opened them, after the others.
      for (const server of [...consoles].reverse()) await server.close();
      await live.close();
      await store.close();
    },
  };
}
