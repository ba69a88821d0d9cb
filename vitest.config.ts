import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { configDefaults, defineConfig } from 'vitest/config';
import { COMPILER_ENV } from './src/db/pglite-baseline.ts';
import { findPostgresBin, INSTALL_HINT } from './src/sandbox/testing/postgres-bin.ts';

// The workers, and every server and command a test starts, inherit it: embedded databases that live for
// seconds stay on V8's baseline compiler (src/db/pglite-baseline.ts: 2.2 s less CPU a process).
process.env[COMPILER_ENV] ??= 'baseline';

// The sandbox suites that run against both stores (docs/decisions.md D15): once on PGlite in the project
// `node`, once on a throwaway PostgreSQL server in `sandbox-postgres`, the same files, told apart by
// SANDBOX_TEST_STORE (src/sandbox/testing/test-store.ts). Only the suites whose outcome depends on the
// store run twice: its own tests, and the API suites that write and read orders, refunds, history,
// statistics and fault rules. Validation, auth, whitespace, hostile bodies and the contract agreement never
// reach a store query that differs between the two, and running them again cost about 3 minutes of CI.
// team-*.test.ts (and the console's server's postgres-processes.test.ts) need several processes on
// one database, so PostgreSQL only.
const BOTH_STORES = [
  'src/sandbox/api-refunds.test.ts',
  'src/sandbox/api-history.test.ts',
  'src/sandbox/api-stats.test.ts',
  'src/sandbox/api-control.test.ts',
  'src/sandbox/api-faults.test.ts',
  'src/sandbox/api-fault-effects.test.ts',
  'src/sandbox/store-db.test.ts',
  'src/sandbox/store-group-commit.test.ts',
  'src/sandbox/store-refund-group.test.ts',
  // D17: approvals claim and resolve through the console's database; two pools on one server there.
  'src/server/approvals/approvals-*.test.ts',
  'src/server/order-index/order-index-store.test.ts',
  // Team bulk runs are decided, leased and saved row by row in the console's database.
  'src/server/bulk-runs/bulk-runs-*.test.ts',
];
const POSTGRES_ONLY = ['src/sandbox/team-*.test.ts', 'src/server/audit/team-audit-chain.test.ts', 'src/server/postgres-processes.test.ts', 'src/server/ops/postgres-restart.test.ts'];

// Without PostgreSQL's binaries the PostgreSQL project is left out with one line saying what to
// install; on CI (CI set) it always runs, so there its global setup fails with that line instead.
const postgresProject: TestProjectInlineConfiguration[] =
  findPostgresBin() !== null || (process.env['CI'] ?? '') !== ''
    ? [
        {
          extends: true,
          test: {
            name: 'sandbox-postgres',
            environment: 'node',
            include: [...BOTH_STORES, ...POSTGRES_ONLY],
            env: { SANDBOX_TEST_STORE: 'postgres' },
            globalSetup: ['src/sandbox/testing/postgres-global-setup.ts'],
            isolate: false,
          },
        },
      ]
    : [];
// The config is read by several processes; the line is said once.
if (postgresProject.length === 0 && process.env['ORDER_CONSOLE_PG_SKIP_SAID'] === undefined) {
  process.env['ORDER_CONSOLE_PG_SKIP_SAID'] = '1';
  console.warn(`vitest: the sandbox-postgres tests are SKIPPED: ${INSTALL_HINT}`);
}

// Isolation (a fresh module graph and environment per test file) cost 0.6-1 s per file, 5-6 minutes of
// a CI run on 2 cores (unit tests 956 -> 559 s without it): most files share their worker's modules
// (isolate: false). The console's setup.ts puts back what a file changed (spies, stubbed globals,
// storage, the MSW handlers) after each test and file; the node files start their own servers and
// stores. The files below need a graph of their own and keep it: a vi.mock factory, a global changed
// in place, or a check of what shows while a lazy module is not loaded yet. A file that starts to
// fail only after another one ran belongs here (`npx vitest run --sequence.shuffle.files` finds it).
const NODE_FILES = ['src/contract/**/*.test.ts', 'src/http/**/*.test.ts', 'src/db/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'src/server/**/*.test.ts', 'src/scenarios/**/*.test.ts', 'src/bulk/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'];
const NODE_ISOLATED = ['src/sandbox/security.test.ts'];
const CONSOLE_ISOLATED = [
  // vi.mock factories
  'src/console/app/route-error.test.tsx',
  'src/console/features/order-detail/after-heading.test.tsx',
  'src/console/features/order-detail/after-heading-focus.test.tsx',
  'src/console/lib/resilience.test.tsx',
  // globals replaced or changed in place
  'src/console/features/scenarios/scenarios-page.test.tsx',
  'src/console/lib/after-paint-script.test.ts',
  'src/console/lib/boot-script.test.ts',
  // what shows while a lazy module has not loaded yet, or before a host is first needed
  'src/console/app/app-shell.test.tsx',
  'src/console/app/notifications-host.test.tsx',
  'src/console/features/orders/received-order.test.ts',
];
const CONSOLE = {
  environment: 'jsdom' as const,
  include: ['src/console/**/*.test.{ts,tsx}'],
  setupFiles: ['src/console/test/setup.ts'],
  globalSetup: ['src/console/test/sandbox-global-setup.ts'],
  // Stylesheets stay out of the tests (Vitest hands them over empty), except a stylesheet
  // imported as text (`?raw`), which a test reads (app/shell-parts.test.tsx).
  css: { include: [/\.css\?raw$/] },
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Two cores shared with a browser and a server in CI: a generous ceiling, so a slow machine
    // never turns into a red run. Tests assert behaviour, not speed (speed is `npm run bench`).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker per core. Vitest's default leaves one core free (cores - 1: a single worker on CI's 2),
    // but many files here wait on what they start (servers, npm and tsx children, PostgreSQL): one
    // worker left the second core half idle. Unit tests 562 -> 386-401 s in CI on 2 cores.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_FILES,
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY, ...NODE_ISOLATED],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', environment: 'node', include: NODE_ISOLATED },
      },
      ...postgresProject,
      {
        extends: true,
        test: { name: 'console', ...CONSOLE, exclude: [...configDefaults.exclude, ...CONSOLE_ISOLATED], isolate: false },
      },
      {
        extends: true,
        test: { name: 'console-isolated', ...CONSOLE, include: CONSOLE_ISOLATED },
      },
    ],
  },
});
