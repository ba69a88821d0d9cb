import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grantSchema } from '../src/contract/grants.ts';
import { openConsoleDb } from '../src/server/console-db.ts';
import { hashPassword } from '../src/server/passwords.ts';
import { startServer } from '../src/server/server.ts';
import { readTeamConfig } from '../src/server/team-config.ts';
import { addUser } from '../src/server/users.ts';

// The console server in team mode (D16) as a child process, for bench/team-content.ts: the embedded
// sandbox in memory, a console database in a temporary directory with one agent, BENCH_STATIC the
// browser build and BENCH_SSR its server renderer; the agent's e-mail and password come
// in BENCH_AGENT_EMAIL and BENCH_AGENT_PASSWORD. Prints {"url": ...} once it listens.

const email = process.env['BENCH_AGENT_EMAIL'] ?? '';
const password = process.env['BENCH_AGENT_PASSWORD'] ?? '';
if (email === '' || password === '') throw new Error('BENCH_AGENT_EMAIL and BENCH_AGENT_PASSWORD are needed');

const dir = mkdtempSync(join(tmpdir(), 'bench-team-'));
const consoleDb = join(dir, 'console');
const db = await openConsoleDb(consoleDb);
await addUser(db, { email, grants: [grantSchema.parse('agent')], passwordHash: await hashPassword(password) });
await db.close();

const team = readTeamConfig({ CONSOLE_AUTH: 'local', CONSOLE_DB: consoleDb }, { hasSandbox: true });
if (team === null) throw new Error('team mode did not turn on');
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  db: ':memory:',
  tokens: ['bench-team-sandbox-token'],
  team,
  log: () => undefined,
  ...(process.env['BENCH_STATIC'] !== undefined && { staticDir: process.env['BENCH_STATIC'] }),
  ...(process.env['BENCH_SSR'] !== undefined && { teamRenderModule: process.env['BENCH_SSR'] }),
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    },
    () => process.exit(1),
  );
});
