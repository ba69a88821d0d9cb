import { startServer } from '../src/sandbox/server.ts';

// The sandbox as a child process: `node --import tsx bench/sandbox-entry.ts` with BENCH_DB=:memory:
// or a data directory, and BENCH_STATIC=<a build> for the browser figures. Prints one JSON line
// {"url": ...} once it listens. The per-request log line is off (it would measure the pipe to the
// parent, not the sandbox).

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  db: process.env['BENCH_DB'] ?? ':memory:',
  tokens: ['dev-token'],
  ...(process.env['BENCH_STATIC'] !== undefined && { staticDir: process.env['BENCH_STATIC'] }),
  log: () => undefined,
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
