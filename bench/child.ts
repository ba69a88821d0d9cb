import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { REPO_ROOT } from './build.ts';

// Servers in child processes (`node --import tsx <entry>`), so the load generator and the server
// do not share one event loop. Each entry prints {"url": ...} on its first line.

export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export function startChild(entry: string, env: Record<string, string>, timeoutMs = 90_000): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${entry} did not start within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0];
      if (line === undefined || !out.includes('\n')) return;
      const match = /"url":"([^"]+)"/.exec(line);
      clearTimeout(timer);
      if (match?.[1] === undefined) reject(new Error(`${entry} printed ${line}`));
      else resolve({ url: match[1], child, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code}: ${err}`));
    });
  });
}
