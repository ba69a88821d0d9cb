import { readFileSync } from 'node:fs';
import type { MainProcess } from '../src/sandbox/testing/child.ts';
import { freePort, spawnMain, waitForListening } from '../src/sandbox/testing/child.ts';

// The sandbox as `npm run serve` runs it (src/server/main.ts in a child process, 127.0.0.1, a
// random free port), so the load generator has its own event loop and a kill -9 is a real one.

export interface SandboxProcess {
  url: string;
  pid: number;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** SIGTERM, then wait for the exit. */
  stop: () => Promise<void>;
  /** SIGKILL, then wait for the exit. */
  kill9: () => Promise<void>;
  /** Resident memory in MiB, or null where /proc is not available. */
  rssMiB: () => number | null;
}

const START_TIMEOUT_MS = 120_000;

export function rssMiBOf(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] === undefined ? null : Number.parseInt(match[1], 10) / 1024;
  } catch {
    return null;
  }
}

/** On a data directory (PGlite), or on a PostgreSQL database (D15: SANDBOX_DATABASE_URL). */
type Storage = { dataDir: string } | { databaseUrl: string };

export async function startSandbox(options: Storage & { tokens: readonly string[] }): Promise<SandboxProcess> {
  const main: MainProcess = spawnMain({
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    ...('dataDir' in options ? { SANDBOX_DB: options.dataDir } : { SANDBOX_DATABASE_URL: options.databaseUrl }),
    SANDBOX_TOKENS: options.tokens.join(','),
  });
  try {
    const url = await waitForListening(main, START_TIMEOUT_MS);
    const pid = main.child.pid;
    if (pid === undefined) throw new Error('the sandbox has no pid');
    const stopWith = async (signal: NodeJS.Signals) => {
      if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill(signal);
      await main.exited;
    };
    return {
      url,
      pid,
      output: () => main.stdout() + main.stderr(),
      stop: () => stopWith('SIGTERM'),
      kill9: () => stopWith('SIGKILL'),
      rssMiB: () => rssMiBOf(pid),
    };
  } catch (error) {
    main.child.kill('SIGKILL');
    throw error;
  }
}
