import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { keepWasmOnBaselineCompiler } from '../src/db/pglite-baseline.ts';
import { startServer } from '../src/server/server.ts';

// npm test's stage for the QA kit seen from outside: examples/qa-starter (a project of its own that
// depends on this repository by a file: path) installs the console as a package and runs its specs
// against a sandbox started here (in memory, a free port, a random token: the starter reads
// E2E_BASE_URL and E2E_TOKEN like any QA project pointed at a shared sandbox).

const STARTER = 'examples/qa-starter';
const KIT_ENTRY = 'dist-kit/testing/kit.js';
const started = performance.now();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function newestChange(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestChange(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
}

// The kit as a QA project gets it: compiled JS. Rebuilt when its sources (or the contract) changed.
const kitBuilt = existsSync(KIT_ENTRY) ? statSync(KIT_ENTRY).mtimeMs : 0;
if (kitBuilt < Math.max(newestChange('src/testing'), newestChange('src/contract'), statSync('package.json').mtimeMs)) {
  execFileSync(npm, ['run', '--silent', 'build:kit'], { stdio: 'inherit' });
}
if (!existsSync('dist/index.html')) execFileSync(npm, ['run', '--silent', 'build'], { stdio: 'inherit' });

// A fresh copy of the console package each run (npm would keep a stale one: same version). The
// kit is built above, so npm's own run of `prepare` while packing is skipped.
rmSync(join(STARTER, 'node_modules', 'order-console'), { recursive: true, force: true });
const install = spawnSync(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
  cwd: STARTER,
  stdio: 'inherit',
});
if (install.status !== 0) {
  console.error('qa-starter: npm install failed');
  process.exit(2);
}
const installed = performance.now();

const token = `qa-${randomBytes(16).toString('hex')}`;
// A sandbox for the starter's few specs: its database stays on V8's baseline compiler (src/db/pglite-baseline.ts).
keepWasmOnBaselineCompiler();
const server = await startServer({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [token], staticDir: 'dist', log: () => undefined });
let status: number | null;
try {
  // Only what a QA engineer's shell would have: not this repository's own E2E_* settings.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('E2E_')));
  // Asynchronously: the server answers from this process's event loop.
  const run = spawn(npm, ['test', '--silent'], { cwd: STARTER, stdio: 'inherit', env: { ...env, E2E_BASE_URL: server.url, E2E_TOKEN: token } });
  status = await new Promise<number | null>((resolve) => run.on('close', resolve));
} finally {
  await server.close();
}
const seconds = (ms: number) => (ms / 1000).toFixed(1);
console.info(`qa-starter: install ${seconds(installed - started)} s, specs ${seconds(performance.now() - installed)} s`);
process.exitCode = status ?? 1;
