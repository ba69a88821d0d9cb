import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StressContext } from '../context.ts';
import { ms } from '../http-client.ts';
import type { Scenario, ScenarioResult } from '../report.ts';
import { emptyResult } from '../report.ts';

// D8 and the issue: a data directory that is read-only or on a full disk must end `npm run serve`
// with one clear line and a non-zero exit, never a hang. Each case runs main.ts in a private mount
// namespace (unshare --mount) holding a small tmpfs, so the fault is real (EROFS, ENOSPC) even for
// root, and nothing outside the child ever sees the mount.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/server/main.ts', import.meta.url));
const HANG_AFTER_MS = 90_000;

interface FaultCase {
  name: string;
  /** Shell lines run inside the namespace before main starts; $MNT is the mount point. */
  setup: string;
  /** SANDBOX_DB, relative to the mount point. */
  db: string;
  expect: RegExp;
}

const CASES = (existingDb: string): FaultCase[] => [
  { name: 'read-only, empty data directory', setup: 'mount -t tmpfs -o ro,size=1m tmpfs "$MNT"', db: '.', expect: /read-only file system/ },
  // The directory is the running stress sandbox's own, so its lock (D15) may answer first: "in use by another sandbox".
  { name: 'read-only data directory holding a database', setup: `mount --bind "${existingDb}" "$MNT" && mount -o remount,bind,ro "$MNT"`, db: '.', expect: /read-only file system|is in use by another sandbox/ },
  { name: 'full disk', setup: 'mount -t tmpfs -o size=1m tmpfs "$MNT" && (dd if=/dev/zero of="$MNT/fill" bs=64k 2>/dev/null || true)', db: 'db', expect: /no space left on device/ },
  { name: 'disk too small for the database (full during initdb)', setup: 'mount -t tmpfs -o size=4m tmpfs "$MNT"', db: 'db', expect: /no space left on device/ },
];

/** The unshare arguments that can mount a tmpfs here, or null when no mount namespace can be made. */
function namespaceArgs(mountPoint: string): string[] | null {
  for (const args of [['--mount'], ['--mount', '--map-root-user']]) {
    const probe = spawnSync('unshare', [...args, 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$1"', 'sh', mountPoint], { stdio: 'ignore' });
    if (probe.status === 0) return args;
  }
  return null;
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
  hung: boolean;
}

function runMain(command: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  let hung = false;
  const timer = setTimeout(() => {
    hung = true;
    child.kill('SIGKILL');
  }, HANG_AFTER_MS);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started, hung });
    });
  });
}

const SANDBOX_ENV = { HOST: '127.0.0.1', PORT: '0', SANDBOX_TOKENS: 'startup-fault-token' };

function judge(result: ScenarioResult, name: string, outcome: Outcome, expected: RegExp): void {
  const lines = outcome.stderr.split('\n').filter((line) => line.trim() !== '');
  result.figures.push(`${name}: exit ${outcome.code ?? 'killed'} after ${ms(outcome.ms)}: ${lines.join(' | ') || '(nothing on stderr)'}`);
  if (outcome.hung) result.lost.push(`${name}: still running after ${HANG_AFTER_MS / 1000} s (a hang)`);
  else if (outcome.code === 0 || outcome.code === null) result.lost.push(`${name}: exit code ${outcome.code ?? 'none'}, expected non-zero`);
  if (/listening on/.test(outcome.stdout)) result.lost.push(`${name}: the server started listening`);
  if (lines.length !== 1 || !lines[0]?.startsWith('sandbox: ') || !expected.test(lines[0])) {
    result.lost.push(`${name}: expected one line "sandbox: ..." matching ${String(expected)} on stderr, got ${JSON.stringify(outcome.stderr.slice(0, 400))}`);
  }
}

export const startupFaults: Scenario = {
  name: 'unusable data directory at start-up',
  budgetMs: 5 * HANG_AFTER_MS,
  async run(context: StressContext): Promise<ScenarioResult> {
    const result = emptyResult(startupFaults.name);
    const mountPoint = join(context.workDir, 'fault-mount');
    mkdirSync(mountPoint, { recursive: true });
    const unshare = namespaceArgs(mountPoint);
    result.load.push('none: each case starts main.ts once and waits for it to give up');
    if (unshare === null) {
      // No mount namespace: a read-only directory by permissions still works for a non-root user.
      const readOnly = join(context.workDir, 'read-only');
      mkdirSync(readOnly);
      chmodSync(readOnly, 0o555);
      result.faults.push('read-only data directory (chmod 555); full disk NOT injected: no mount namespace here (run as root)');
      judge(result, 'read-only data directory', await runMain(process.execPath, ['--import', 'tsx', MAIN], { ...SANDBOX_ENV, SANDBOX_DB: readOnly }), /permission denied|read-only/);
      return result;
    }
    for (const fault of CASES(context.dataDir)) {
      const script = `set -e\nMNT="$1"\n${fault.setup}\nexec "$2" --import tsx "$3"`;
      const outcome = await runMain('unshare', [...unshare, 'sh', '-c', script, 'sh', mountPoint, process.execPath, MAIN], {
        ...SANDBOX_ENV,
        SANDBOX_DB: join(mountPoint, fault.db),
      });
      result.faults.push(fault.name);
      judge(result, fault.name, outcome, fault.expect);
    }
    return result;
  },
};
