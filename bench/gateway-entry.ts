import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../src/server/server.ts';
import { readTeamConfig } from '../src/server/team-config.ts';

// The console server in team mode as the PSP's gateway, a child process for bench/gateway.ts: one
// environment `prod` over HTTP at BENCH_SERVICE_URL (a sandbox child standing in for the Order
// Service) with the partner token BENCH_PROD_TOKEN, the console database BENCH_CONSOLE_DB (its service
// account made by the bench before this starts, as an operator would with npm run users). Prints
// {"url": ...} once it listens.

const consoleDb = process.env['BENCH_CONSOLE_DB'] ?? '';
const serviceUrl = process.env['BENCH_SERVICE_URL'] ?? '';
const token = process.env['BENCH_PROD_TOKEN'] ?? '';
if (consoleDb === '' || serviceUrl === '' || token === '') throw new Error('BENCH_CONSOLE_DB, BENCH_SERVICE_URL and BENCH_PROD_TOKEN are needed');
const environments = join(consoleDb, '..', 'environments.json');
writeFileSync(environments, JSON.stringify([{ id: 'prod', name: 'Production', base_url: serviceUrl, token_env: 'BENCH_PROD_TOKEN', production: true }]));
const team = readTeamConfig({ CONSOLE_AUTH: 'local', CONSOLE_DB: consoleDb, CONSOLE_ENVIRONMENTS: environments, BENCH_PROD_TOKEN: token, ORDER_SERVICE_URL: serviceUrl }, { hasSandbox: false });
if (team === null) throw new Error('team mode did not turn on');
const server = await startServer({ port: 0, host: '127.0.0.1', orderServiceUrl: serviceUrl, team, log: () => undefined });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
