import { rmSync } from 'node:fs';
import { grantSchema } from '../../src/contract/grants.ts';
import { openConsoleDb } from '../../src/server/console-db.ts';
import { hashPassword } from '../../src/server/passwords.ts';
import { addUser } from '../../src/server/users.ts';
import { serverSecretKey } from '../../src/server/accounts/secret-key.ts';
import { enrolKnownTotp } from '../../src/server/accounts/testing/known-totp.ts';
import { TEAM_ACCOUNT_SPECS, TEAM_ADMIN, TEAM_APPROVERS, TEAM_USER, TEAM_VIEWER } from './target.ts';

// The e2e suite's team consoles (playwright.config.ts: `team-console`, and `team-console-short-ttl`
// whose refund requests expire within seconds): a fresh console database with an agent, a viewer, two
// approvers and an admin, all with the password in E2E_TEAM_PASSWORD (and the accounts one spec each
// changes), then `npm start`'s own main in this process. Made here, not by five `npm run users` processes one after another: those were 30 s of
// the suite's start on 2 cores (src/server/users-cli.test.ts runs that command as an operator would).

const ACCOUNTS = [
  { email: TEAM_USER.email, role: 'agent' },
  { email: TEAM_VIEWER.email, role: 'viewer' },
  { email: TEAM_APPROVERS[0].email, role: 'approver' },
  { email: TEAM_APPROVERS[1].email, role: 'approver' },
  { email: TEAM_ADMIN.email, role: 'admin' },
  ...Object.values(TEAM_ACCOUNT_SPECS).map((account) => ({ email: account.email, role: account.role })),
];

const location = process.env['CONSOLE_DB'] ?? '';
const password = process.env['E2E_TEAM_PASSWORD'] ?? '';
if (location === '' || password === '') throw new Error('team-console: CONSOLE_DB and E2E_TEAM_PASSWORD must be set');
rmSync(location, { recursive: true, force: true });
const db = await openConsoleDb(location);
const passwordHash = await hashPassword(password);
for (const { email, role } of ACCOUNTS) await addUser(db, { email, grants: [grantSchema.parse(role)], passwordHash });
// E2E_TEAM_TOTP_KEY: the approvers have an authenticator app with this setup key (docs/accounts.md), sealed
// under the server's CONSOLE_SECRET_KEY, as an enrolment would leave it.
const totpKey = process.env['E2E_TEAM_TOTP_KEY'] ?? '';
if (totpKey !== '') {
  const key = serverSecretKey(process.env, { loopback: true, consoleDb: location, log: () => undefined });
  for (const { email } of TEAM_APPROVERS) await enrolKnownTotp(db, key, email, totpKey);
}
await db.close();
await import('../../src/server/main.ts');
