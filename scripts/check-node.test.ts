import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { z } from 'zod';
import { freePort } from '../src/sandbox/testing/child.ts';

// On a machine whose only Node is older than `engines`, `npm start` says in one line what to
// install instead of failing deep in a build tool. Run as a user would: the real `npm start`, with the
// older Node first on PATH (npm itself and the scripts then run on it).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const packageJson = z.object({ engines: z.object({ node: z.string() }) }).parse(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')));
const wanted = readFileSync(join(ROOT, '.node-version'), 'utf8').trim();

function versionOf(text: string): number[] {
  return text.trim().replace(/^v/, '').split('.').map(Number);
}
function older(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  return false;
}
const lowestAdmitted = [...packageJson.engines.node.matchAll(/\d+(?:\.\d+){0,2}/g)].map((m) => versionOf(m[0])).reduce((a, b) => (older(b, a) ? b : a));

// Debian's, a hand-installed one, or any on PATH: the first Node below every `engines` range.
function findOlderNode(): { path: string; version: string } | null {
  const candidates = ['/usr/bin/node', '/usr/local/bin/node', ...(process.env['PATH'] ?? '').split(delimiter).map((dir) => join(dir, 'node'))];
  for (const path of new Set(candidates)) {
    if (!existsSync(path)) continue;
    const version = execFileSync(path, ['-p', 'process.version'], { encoding: 'utf8' }).trim();
    if (older(versionOf(version), lowestAdmitted)) return { path, version };
  }
  return null;
}
const olderNode = findOlderNode();

const binDir = mkdtempSync(join(tmpdir(), 'older-node-'));
const running = new Set<number>();
afterAll(() => {
  // Should the check ever let `npm start` through, its build and server die with the test, not after it.
  for (const pid of running) process.kill(-pid, 'SIGKILL');
  rmSync(binDir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Its own process group, so that everything it started can be killed at once.
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  if (child.pid !== undefined) running.add(child.pid);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => {
    child.once('close', (code) => {
      if (child.pid !== undefined) running.delete(child.pid);
      resolve({ code, stdout, stderr });
    });
  });
}

test.skipIf(olderNode === null)(
  `npm start on an older Node (${olderNode?.version ?? 'none on this machine: skipped'}) says in one line to install Node ${wanted}, and builds nothing`,
  async () => {
    if (olderNode === null) return;
    symlinkSync(olderNode.path, join(binDir, 'node'));
    const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env['PATH'] ?? ''}`, PORT: String(await freePort()), HOST: '127.0.0.1', SANDBOX_DB: ':memory:' };
    // What runs here is the PATH's npm; which Node it runs on is what the check sees.
    expect(execFileSync('node', ['-p', 'process.version'], { env, encoding: 'utf8' }).trim()).toBe(olderNode.version);

    const { code, stdout, stderr } = await run('npm', ['start'], env);

    expect(code).toBe(1);
    const ours = stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm '));
    expect(ours).toEqual([
      `Order Console needs Node ${wanted} (package.json engines: ${packageJson.engines.node}), this is Node ${olderNode.version}: ` +
        `install it (nvm install ${wanted}, fnm install ${wanted}) or run \`npx -y -p node@${wanted} npm start\`.`,
    ]);
    expect(stdout).not.toMatch(/vite v\d|building|listening on/);
  },
  60_000,
);

test(`the check lets the Node that runs the tests (${process.version}) through without a word`, () => {
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'check-node.cjs')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  expect(out).toBe('');
});
