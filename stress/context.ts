import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxProcess } from './sandbox-process.ts';
import { startSandbox } from './sandbox-process.ts';

// One sandbox with a real data directory, shared by the scenarios in turn; the kill -9 scenario
// replaces it with the process it restarts on the same directory.

export interface StressContext {
  /** A distinctive token, so a search of logs and data files for it means something. */
  token: string;
  /** A second tenant, for isolation checks. */
  otherToken: string;
  dataDir: string;
  /** Scratch space the run removes at the end. */
  workDir: string;
  server: SandboxProcess;
  /** Starts a new sandbox on the same data directory (after a kill). */
  restart: () => Promise<SandboxProcess>;
  /** What every sandbox process of the run printed, the killed ones included. */
  serverOutput: () => string;
  close: () => Promise<void>;
}

export async function createContext(): Promise<StressContext> {
  const workDir = mkdtempSync(join(tmpdir(), 'order-console-stress-'));
  const dataDir = join(workDir, 'db');
  const token = `stress-${crypto.randomUUID()}`;
  const otherToken = `stress-other-${crypto.randomUUID()}`;
  const tokens = [token, otherToken];
  const processes: SandboxProcess[] = [];
  const start = async () => {
    const server = await startSandbox({ dataDir, tokens });
    processes.push(server);
    return server;
  };
  let first: SandboxProcess;
  try {
    first = await start();
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  const context: StressContext = {
    token,
    otherToken,
    dataDir,
    workDir,
    server: first,
    async restart() {
      context.server = await start();
      return context.server;
    },
    serverOutput: () => processes.map((p) => p.output()).join('\n'),
    async close() {
      await context.server.stop();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
  return context;
}
