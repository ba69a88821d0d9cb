import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Runs src/server/main.ts as `npm run serve` would, in a child process the test can kill -9.

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
const SERVER_VARIABLES = ['PORT', 'HOST', 'PUBLIC_URL', 'ALLOWED_HOSTS', 'SANDBOX_DB', 'SANDBOX_DATABASE_URL', 'SANDBOX_DATABASE_POOL', 'SANDBOX_TOKENS', 'SANDBOX_ARRAY_ERRORS', 'ORDER_SERVICE_URL', 'CONSOLE_AUTH', 'CONSOLE_DB', 'CONSOLE_DATABASE_URL', 'CONSOLE_ENVIRONMENTS', 'CONSOLE_SESSION_IDLE', 'CONSOLE_SESSION_MAX', 'CONSOLE_ORIGIN', 'CONSOLE_AUDIT_KEY', 'CONSOLE_AUDIT_KEY_FILE', 'CONSOLE_AUDIT_CHECKPOINT_FILE', 'CONSOLE_TRUSTED_PROXIES', 'LOG_FORMAT', 'LOG_LEVEL', 'CONSOLE_METRICS_TOKEN', 'CONSOLE_METRICS_PORT', 'CONSOLE_BULK_LEASE'];

export interface MainProcess {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function spawnMain(env: Record<string, string>): MainProcess {
  return spawnScript(MAIN, [], env);
}

/** Another entry point of the repository (a test's own server script) run the same way. */
export function spawnScript(script: string, args: readonly string[], env: Record<string, string> = {}): MainProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete childEnv[name];
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Resolves with the URL main prints once it listens; rejects if it exits or takes too long. */
export async function waitForListening(main: MainProcess, timeoutMs = 90_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    // A plain line or a JSON one (LOG_FORMAT=json): the URL ends at a space or a quote.
    const match = /listening on (http:\/\/[^\s"]+)/.exec(main.stdout());
    if (match?.[1] !== undefined) return match[1];
    if (main.child.exitCode !== null || main.child.signalCode !== null) {
      throw new Error(`main exited before listening: ${main.stderr()}`);
    }
    if (Date.now() - started > timeoutMs) throw new Error(`main did not listen within ${timeoutMs} ms: ${main.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  /** What the command wrote to stderr, without npm's own `npm warn` lines about the machine's npm configuration. */
  stderr: string;
}

/** A command run to its end, as a pipeline runs it: its exit code and what it wrote. */
export function runCommand(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CommandResult> {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const ownLines = (text: string) => text.split('\n').filter((line) => !line.startsWith('npm warn ')).join('\n');
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr: ownLines(stderr) })));
}
