import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
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

/** Linux reports a process's CPU in USER_HZ ticks, 100 a second on every architecture's ABI. */
const USER_HZ = 100;

/**
 * The CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat;
 * undefined where there is no /proc (macOS) or the process is gone. Resolution: 10 ms.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (2nd field) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? ((utime + stime) * 1000) / USER_HZ : undefined;
}
