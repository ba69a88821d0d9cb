import { startServer } from '../src/server/server.ts';

// The sandbox as a child process: `node --import tsx bench/sandbox-entry.ts` with BENCH_DB=:memory:
// or a data directory, and BENCH_STATIC=<a build> for the browser figures. Prints one JSON line
// {"url": ...} once it listens. The per-request log line is off (it would measure the pipe to the
// parent, not the sandbox). BENCH_GROUPS=1 prints, on SIGTERM, how many creates each INSERT wrote
// (group commit, src/sandbox/store.ts) to stderr.

const groups = new Map<number, number>();
const countGroups = process.env['BENCH_GROUPS'] === '1';

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  db: process.env['BENCH_DB'] ?? ':memory:',
  // BENCH_TOKENS: comma-separated; each token sees only its own orders (an empty sandbox per token).
  tokens: (process.env['BENCH_TOKENS'] ?? 'dev-token').split(','),
  ...(process.env['BENCH_STATIC'] !== undefined && { staticDir: process.env['BENCH_STATIC'] }),
  log: () => undefined,
  ...(countGroups && { storeOptions: { onCreateStatement: (rows: number) => groups.set(rows, (groups.get(rows) ?? 0) + 1) } }),
});
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
process.on('SIGTERM', () => {
  if (countGroups) {
    const statements = [...groups.values()].reduce((a, b) => a + b, 0);
    const rows = [...groups].reduce((sum, [size, n]) => sum + size * n, 0);
    const sizes = [...groups].sort((a, b) => a[0] - b[0]).map(([size, n]) => `${size}:${n}`);
    process.stderr.write(`create statements ${statements}, rows ${rows}, mean ${(rows / Math.max(statements, 1)).toFixed(1)}; size:count ${sizes.join(' ')}\n`);
  }
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
