import { rmSync } from 'node:fs';
import { grantSchema } from '../../src/contract/grants.ts';
import { openConsoleDb } from '../../src/server/console-db.ts';
import { hashPassword } from '../../src/server/passwords.ts';
import { addUser } from '../../src/server/users.ts';
import { TEAM_APPROVERS, TEAM_USER } from './target.ts';

// The e2e suite's team console whose refund requests expire within seconds (playwright.config.ts sets
// CONSOLE_APPROVAL_TTL): a fresh console database with an agent and an approver, made in this process
// (one start instead of a `npm run users` process per account), then `npm start`'s own main.

const location = process.env['CONSOLE_DB'] ?? '';
const password = process.env['E2E_TEAM_PASSWORD'] ?? '';
if (location === '' || password === '') throw new Error('short-ttl-console: CONSOLE_DB and E2E_TEAM_PASSWORD must be set');
rmSync(location, { recursive: true, force: true });
const db = await openConsoleDb(location);
const passwordHash = await hashPassword(password);
await addUser(db, { email: TEAM_USER.email, grants: [grantSchema.parse('agent')], passwordHash });
await addUser(db, { email: TEAM_APPROVERS[0].email, grants: [grantSchema.parse('approver')], passwordHash });
await db.close();
await import('../../src/server/main.ts');
