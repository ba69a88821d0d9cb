import type { Grant } from '../../contract/permissions.ts';
import { grantSchema } from '../../contract/grants.ts';
import { validRefundBody } from '../../contract/test-support.ts';
import type { Database } from '../../db/store-db.ts';
import type { RunningServer } from '../../http/listen.ts';
import type { Store } from '../../sandbox/entry.ts';
import { createSandboxApp, openStore } from '../../sandbox/entry.ts';
import { serveApp } from '../../http/listen.ts';
import { createServerApp } from '../app.ts';
import type { AuditEntry } from '../audit-sink.ts';
import { TEST_AUDIT_KEY } from '../audit/audit-test-support.ts';
import { consoleAuditSink } from '../audit-sink.ts';
import { createBackground } from '../background.ts';
import { openConsoleDb } from '../console-db.ts';
import type { OidcConfig } from '../oidc/oidc-config.ts';
import { hashPassword } from '../passwords.ts';
import type { TeamRendererSource } from '../ssr/team-renderer.ts';
import type { TeamConfig, TeamEnvironment } from '../team-config.ts';
import { addUser } from '../users.ts';
import { secretKeyFromText } from '../accounts/secret-key.ts';

// Test support: the console's server in team mode over real HTTP, the embedded sandbox on an
// in-memory store and the console's database in memory, with users added directly.

export const SANDBOX_TOKEN = 'team-test-sandbox-token-4f1c';
export const PASSWORD = 'a-long-test-password';
export const TEST_SECRET_KEY = secretKeyFromText('a-test-secret-key-of-32-characters-or-more', 'test');

export interface TeamServer {
  url: string;
  db: Database;
  /** Every entry the audit seam was given, in order. */
  audit: AuditEntry[];
  /** Every line the server logged through its context, in order. */
  logs: string[];
  /**
   * A call to the embedded sandbox with its token, in-process, as something beside the console would
   * make it (team mode answers /psp/ and /sandbox/ only through /env/sandbox/ with a session).
   */
  direct(method: string, path: string, json?: unknown): Promise<Response>;
  addUser(email: string, grants: string[], password?: string): Promise<void>;
  close(): Promise<void>;
}

const grants = (texts: string[]): Grant[] => texts.map((text) => grantSchema.parse(text));

export async function startTeamServer(
  options: {
    config?: Partial<TeamConfig>;
    environments?: TeamEnvironment[];
    store?: Store;
    consoleDb?: string;
    oidc?: OidcConfig;
    port?: number;
    /** A built console and the renderer of its team pages. */
    staticDir?: string;
    renderer?: TeamRendererSource;
  } = {},
): Promise<TeamServer> {
  const db = await openConsoleDb(options.consoleDb ?? ':memory:');
  const store = options.store ?? (await openStore(':memory:'));
  const audit: AuditEntry[] = [];
  const logs: string[] = [];
  const config: TeamConfig = {
    auth: 'local',
    db: ':memory:',
    environments: options.environments ?? [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }],
    idleMs: 15 * 60_000,
    maxMs: 12 * 3_600_000,
    origin: null,
    // The refresher reads http environments' orders again; a test that wants it says so.
    indexRefreshPerSecond: 0,
    // Second factors are sealed under this (accounts/secret-key.ts); CONSOLE_MFA_REQUIRED_FOR is none unless a test says.
    secretKey: TEST_SECRET_KEY,
    ...options.config,
  };
  const chained = consoleAuditSink(db, () => [SANDBOX_TOKEN, ...config.environments.flatMap((e) => (e.target.kind === 'http' ? [e.target.token] : []))], TEST_AUDIT_KEY);
  const sandbox = createSandboxApp({ store, tokens: [SANDBOX_TOKEN], log: () => undefined });
  const work = createBackground();
  const ctx = {
    db,
    config,
    audit: {
      async record(entry: AuditEntry) {
        audit.push(entry);
        await chained.record(entry);
      },
    },
    log: (line: string) => {
      logs.push(line);
    },
    background: work.background,
  };
  const running: RunningServer = await serveApp(
    createServerApp({
      sandbox,
      team: { ctx, sandboxToken: SANDBOX_TOKEN, sandboxStore: store, ...(options.oidc !== undefined && { oidc: options.oidc }), ...(options.renderer !== undefined && { renderer: options.renderer }) },
      log: () => undefined,
      ...(options.staticDir !== undefined && { staticDir: options.staticDir }),
    }),
    { port: options.port ?? 0 },
  );
  return {
    url: running.url,
    db,
    audit,
    logs,
    direct: async (method, path, json) =>
      sandbox.fetch(
        new Request(`${running.url}${path}`, {
          method,
          headers: { Authorization: `Token ${SANDBOX_TOKEN}`, ...(json !== undefined && { 'Content-Type': 'application/json' }) },
          ...(json !== undefined && { body: JSON.stringify(json) }),
        }),
      ),
    async addUser(email, texts, password = PASSWORD) {
      await addUser(db, { email, grants: grants(texts), passwordHash: await hashPassword(password) });
    },
    async close() {
      await work.stop();
      await running.close();
      await db.close();
      if (options.store === undefined) await store.close();
    },
  };
}

/** A refund body as the team routes take it: the console server makes its identifiers (docs/security.md). */
export function teamRefundBody(overrides: Record<string, string> = {}): Record<string, string> {
  const { payment_identifier: _made, external_id: _byServer, ...body } = validRefundBody();
  return { ...body, ...overrides };
}

/** The session cookie's `name=value` from a sign-in's Set-Cookie, for the next request's Cookie header. */
/** A request as the console's pages make it: the session cookie, the console's Origin, JSON both ways; redirects not followed. */
export function callAs(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: url, Accept: 'application/json', ...(body !== undefined && { 'Content-Type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

export function cookieOf(response: { headers: Headers }): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0] ?? '';
}

export async function signIn(url: string, email: string, password = PASSWORD, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, ...headers },
    body: JSON.stringify({ email, password }),
  });
}
