import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import { auditPageSchema } from '../contract/audit.ts';
import { TEST_AUDIT_KEY } from './audit/audit-test-support.ts';
import { verifyAuditChain } from './audit/audit-verify.ts';
import type { TeamServer } from './testing/team-server.ts';
import { cookieOf, SANDBOX_TOKEN, signIn, startTeamServer } from './testing/team-server.ts';

// docs/decisions.md D16: the server records into the chained audit log; /api/audit and its export are for
// admins of the whole console, and reading or exporting the log is itself recorded with the user.

let server: TeamServer;
const cookies = new Map<string, string>();

beforeAll(async () => {
  server = await startTeamServer();
  await server.addUser('admin@example.com', ['admin']);
  await server.addUser('local-admin@example.com', ['admin@sandbox']);
  await server.addUser('agent@example.com', ['agent']);
  for (const email of ['admin@example.com', 'local-admin@example.com', 'agent@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const as = (email: string, path: string) => fetch(`${server.url}${path}`, { headers: { Cookie: cookies.get(email) ?? '' } });

const rowsOf = async (db: TeamServer['db']) =>
  z.array(z.object({ user_name: z.string().nullable(), action: z.string(), outcome: z.string() })).parse((await db.query('SELECT user_name, action, outcome FROM audit_log ORDER BY seq')).rows);

test('sign-ins land in the chained log; an admin reads them, and the read is recorded with their name', async () => {
  const response = await as('admin@example.com', '/api/audit?action=sign_in');
  expect(response.status).toBe(200);
  const page = auditPageSchema.parse(await response.json());
  expect(page.rows.map((r) => r.user).sort()).toEqual(['admin@example.com', 'agent@example.com', 'local-admin@example.com']);
  expect((await rowsOf(server.db)).at(-1)).toEqual({ user_name: 'admin@example.com', action: 'audit_read', outcome: '200' });
  expect(await verifyAuditChain(server.db, { key: TEST_AUDIT_KEY })).toMatchObject({ ok: true });
});

test('the export is recorded with its user and filters, and holds no token', async () => {
  const response = await as('admin@example.com', '/api/audit/export?format=jsonl');
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toContain('"action":"sign_in"');
  expect(text).not.toContain(SANDBOX_TOKEN);
  const last = (await server.db.query('SELECT user_name, action, body::text AS body FROM audit_log ORDER BY seq DESC LIMIT 1')).rows[0];
  expect(last).toMatchObject({ user_name: 'admin@example.com', action: 'audit_export' });
  expect(z.object({ body: z.string() }).parse(last).body).toContain('jsonl');
});

test('an agent and an admin of one environment only are refused (403), and the attempt is recorded', async () => {
  for (const email of ['agent@example.com', 'local-admin@example.com']) {
    for (const path of ['/api/audit', '/api/audit/export?format=csv']) {
      const response = await as(email, path);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'permission_denied' });
      expect((await rowsOf(server.db)).at(-1)).toEqual({ user_name: email, action: 'forbidden', outcome: 'refused' });
    }
  }
});

test('without a session: 401, nothing of the log', async () => {
  const response = await fetch(`${server.url}/api/audit`);
  expect(response.status).toBe(401);
});
