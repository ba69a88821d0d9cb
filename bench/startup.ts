import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { OUT_DIR, REPO_ROOT } from './build.ts';
import type { Figure } from './report.ts';
import { info } from './report.ts';
import { median } from './stats.ts';

// Figure 6: process start to main.ts's "listening on" line. The sandbox alone (dist/ as it is)
// with a new data directory (PGlite creates the cluster) and with that directory again (the
// everyday restart); then `npm start` once, which runs `vite build` into dist/ first.

const LISTENING = /listening on (http:\/\/\S+)/;

function timeToListening(command: string, args: string[], env: Record<string, string>, timeoutMs = 120_000): Promise<number> {
  const started = performance.now();
  // Its own process group, so npm's children (sh, tsx, node) stop with it.
  const child: ChildProcess = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  let err = '';
  const stopGroup = () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      stopGroup();
      reject(new Error(`${command} ${args.join(' ')} did not listen within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!LISTENING.test(out)) return;
      const ms = performance.now() - started;
      clearTimeout(timer);
      child.once('exit', () => resolve(ms));
      stopGroup();
    });
    child.once('exit', (code) => {
      if (!LISTENING.test(out)) {
        clearTimeout(timer);
        reject(new Error(`${command} exited with ${code} before listening: ${err}`));
      }
    });
  });
}

export interface StartupResult {
  freshDir: number[];
  existingDir: number[];
  npmStart: number | null;
}

export async function measureStartup(options: { freshRuns: number; existingRuns: number; npmStart: boolean }): Promise<StartupResult> {
  const result: StartupResult = { freshDir: [], existingDir: [], npmStart: null };
  const sandbox = (dir: string) => timeToListening(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { PORT: '0', SANDBOX_DB: dir });
  const dirs: string[] = [];
  try {
    for (let i = 0; i < options.freshRuns; i++) {
      const dir = mkdtempSync(`${OUT_DIR}/startup-db-`);
      dirs.push(dir);
      result.freshDir.push(await sandbox(dir));
    }
    const existing = dirs[0];
    for (let i = 0; existing !== undefined && i < options.existingRuns; i++) result.existingDir.push(await sandbox(existing));
    if (options.npmStart && existing !== undefined) {
      result.npmStart = await timeToListening('npm', ['start'], { PORT: '0', SANDBOX_DB: existing });
    }
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return result;
}

export function startupFigures(result: StartupResult): Figure[] {
  return [
    info('startup: sandbox, new data directory', median(result.freshDir), 'ms', `${result.freshDir.length === 1 ? 'one run' : `median of ${result.freshDir.length}`}; PGlite creates the cluster`),
    info('startup: sandbox, existing data directory', median(result.existingDir), 'ms', `median of ${result.existingDir.length}`),
    info('startup: npm start (vite build + listen)', result.npmStart ?? Number.NaN, 'ms', result.npmStart === null ? 'skipped' : 'once; rebuilds dist/'),
  ];
}
