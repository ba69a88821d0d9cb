import { TEST_AUDIT_KEY } from '../../audit/audit-test-support.ts';
import { startServer } from '../../server.ts';

// Test support for the restart test (bulk-runs-restart.test.ts): the console server in team mode as
// its own process, so the test can kill it with SIGKILL mid-run and start another on the same
// databases. Its sandbox store and console database come from the arguments; the bulk runner is
// made fast (the default is 2 refunds a second) and its lease short, so the test runs in seconds.
// Prints `… listening on <url>` when it answers, as main.ts does (waitForListening reads it).

const [sandboxDb, consoleDb, token] = process.argv.slice(2);
if (sandboxDb === undefined || consoleDb === undefined || token === undefined) {
  console.error('usage: bulk-server-child.ts <sandbox db> <console db> <token>');
  process.exit(2);
}

const server = await startServer({
  port: 0,
  db: sandboxDb,
  tokens: [token],
  log: () => undefined,
  team: {
    auth: 'local',
    db: consoleDb,
    environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }],
    idleMs: 60 * 60_000,
    maxMs: 12 * 3_600_000,
    origin: null,
    auditKey: TEST_AUDIT_KEY,
    auditCheckpointFile: null,
    bulkRuns: {
      engine: { ratePerSecond: 100, backoffMs: (attempt) => 20 * attempt, maxRetryAfterSeconds: 5, defaultRetryAfterSeconds: 1 },
      leaseMs: 2_000,
      pollMs: 250,
    },
  },
});
console.info(`Bulk test console listening on ${server.url}`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
