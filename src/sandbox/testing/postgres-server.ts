import type { ChildProcess } from 'node:child_process';
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './child.ts';
import { findPostgresBin, INSTALL_HINT } from './postgres-bin.ts';

// A throwaway PostgreSQL server for the team-sandbox tests, stress and bench (D15), started from the
// machine's own binaries: initdb into a temporary directory, the server on a free loopback port with
// its socket in that directory, as the `postgres` user when running as root (the server refuses
// root). stop() ends it and deletes the directory; a watchdog process does the same if this process
// dies first (Ctrl-C, kill -9), so no server outlives its run.

export class PostgresMissingError extends Error {
  constructor(message = INSTALL_HINT) {
    super(message);
    this.name = 'PostgresMissingError';
  }
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  /** A new, empty database; its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** Shuts the server down as an administrator would (fast shutdown), keeping its data: connections end, new ones are refused. */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it accepts connections. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostgresStartOptions {
  /** fsync and synchronous commit as a real server has them (bench); off by default (tests). */
  durable?: boolean;
}

function runAsPostgres(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new PostgresMissingError('running as root, the PostgreSQL server needs a `postgres` user to run as (Debian: apt-get install postgresql creates it)');
  }
}

/** [command, args] running `bin/tool args` as the postgres user when we are root. */
const command = (asPostgres: boolean, bin: string, tool: string, args: string[]): [string, string[]] =>
  asPostgres ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];

function serverPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (server.exitCode !== null) throw new Error(`the throwaway PostgreSQL exited at start: ${log().trim().split('\n').slice(-3).join(' | ')}`);
    if (Date.now() - started > 120_000) throw new Error('the throwaway PostgreSQL did not accept connections within 120 s');
    await sleep(100);
  }
}

/** A watchdog that stops the server and removes `dir` once process `parent` is gone. */
function watchdog(parent: number, dir: string, dataDir: string): ChildProcess {
  const script = `while kill -0 ${parent} 2>/dev/null; do sleep 1; done
pid=$(head -n 1 '${dataDir}/postmaster.pid' 2>/dev/null)
if [ -n "$pid" ]; then kill -INT "$pid" 2>/dev/null; for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done; kill -KILL "$pid" 2>/dev/null; fi
rm -rf '${dir}'`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

export async function startThrowawayPostgres(options: PostgresStartOptions = {}): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (bin === null) throw new PostgresMissingError();
  const owner = runAsPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'order-console-pg-'));
  const dataDir = join(dir, 'data');
  const guard = watchdog(process.pid, dir, dataDir);
  let server: ChildProcess | undefined;
  try {
    chmodSync(dir, 0o700);
    if (owner !== null) chownSync(dir, owner.uid, owner.gid);
    const [initdb, initArgs] = command(owner !== null, bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
    execFileSync(initdb, initArgs, { stdio: 'pipe' });
    const port = await freePort();
    const settings = ['listen_addresses=127.0.0.1', 'max_connections=300', 'shared_buffers=64MB', ...(options.durable === true ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'])];
    const [postgres, args] = command(owner !== null, bin, 'postgres', ['-D', dataDir, '-p', String(port), '-k', dir, ...settings.flatMap((s) => ['-c', s])]);
    let log = '';
    const launch = () => {
      const child = spawn(postgres, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-20_000)));
      return child;
    };
    server = launch();
    const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
    await waitReady(url(), server, () => log);
    let running = server;
    let stopping: Promise<void> | null = null;
    return {
      url,
      async createDatabase(prefix = 'sandbox') {
        const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
        const client = new pg.Client({ connectionString: url() });
        await client.connect();
        try {
          await client.query(`CREATE DATABASE ${name}`);
        } finally {
          await client.end();
        }
        return url(name);
      },
      async halt() {
        const pid = serverPid(dataDir);
        if (pid !== null && alive(pid)) process.kill(pid, 'SIGINT');
        for (let i = 0; i < 200 && running.exitCode === null && running.signalCode === null; i++) await sleep(50);
      },
      async resume() {
        running = launch();
        await waitReady(url(), running, () => log);
      },
      stop() {
        stopping ??= stopServer(running, dataDir, dir, guard);
        return stopping;
      },
    };
  } catch (error) {
    if (server !== undefined) await stopServer(server, dataDir, dir, guard);
    else {
      guard.kill();
      rmSync(dir, { recursive: true, force: true });
    }
    throw error;
  }
}

async function stopServer(server: ChildProcess, dataDir: string, dir: string, guard: ChildProcess): Promise<void> {
  const pid = serverPid(dataDir);
  if (pid !== null && alive(pid)) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && alive(pid); i++) await sleep(100);
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  guard.kill();
  rmSync(dir, { recursive: true, force: true });
}
