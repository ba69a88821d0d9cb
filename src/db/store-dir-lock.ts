import { randomUUID } from 'node:crypto';
import { linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

// One process per PGlite data directory (D15): PGlite has no lock of its own, and two processes
// writing one directory would corrupt it. The lock is a file in the directory naming its holder
// (host, pid, and the process's start time, so a pid reused after a reboot or in a new container is
// not mistaken for the holder). It is removed when the process exits; after a kill -9 it stays, and
// the next start finds its holder gone and takes it over. A holder on another host cannot be
// checked from here: that lock is honoured until someone removes the file.

export const LOCK_FILE = 'sandbox.lock';

export class DirectoryLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DirectoryLockedError';
  }
}

const holderSchema = z.object({
  host: z.string(),
  pid: z.number().int().positive(),
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), or null where unknown. */
  started: z.string().nullable(),
  nonce: z.string(),
});
type Holder = z.infer<typeof holderSchema>;

/** Field 22 of /proc/<pid>/stat; null when there is no such process or no /proc. */
function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** True when the holder may still be running (on another host we cannot tell, so yes). */
function holderAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return false;
  if (!processAlive(holder.pid)) return false;
  const started = startTimeOf(holder.pid);
  return holder.started === null || started === null || started === holder.started;
}

const readIfPresent = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

export interface DirectoryLock {
  release(): void;
}

/** What a locked directory's message says: whose data it is, and what to do (`where` names the holding process). */
export type InUseMessage = (dir: string, where: string) => string;

/** The sandbox's data directory (SANDBOX_DB), the default. */
export const sandboxInUse: InUseMessage = (dir, where) =>
  `the data directory ${dir} is in use by another sandbox (${where}); stop it, or give this one another SANDBOX_DB (or one PostgreSQL database for both: SANDBOX_DATABASE_URL)`;

/** Takes the lock of `dir` or throws DirectoryLockedError naming the process that holds it. */
export function lockDirectory(dir: string, inUse: InUseMessage = sandboxInUse): DirectoryLock {
  const path = join(dir, LOCK_FILE);
  const mine: Holder = { host: hostname(), pid: process.pid, started: startTimeOf(process.pid), nonce: randomUUID() };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      writeFileSync(path, text, { flag: 'wx' });
      return holding(path, text);
    } catch (error) {
      if (!(typeof error === 'object' && error !== null && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const found = readIfPresent(path);
    if (found === null) continue;
    const holder = parseHolder(found);
    // A file we cannot read as a lock (cut short by a crash while it was written) holds nothing.
    if (holder !== null && holderAlive(holder)) {
      const where = holder.host === hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
      throw new DirectoryLockedError(inUse(dir, where));
    }
    takeOverStale(path, found);
  }
  throw new DirectoryLockedError(`could not take the lock ${path}: it keeps changing`);
}

/** Moves a dead holder's lock aside, unless another process replaced it meanwhile (then puts that one back). */
function takeOverStale(path: string, stale: string): void {
  const aside = `${path}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  if (readIfPresent(aside) !== stale) {
    try {
      linkSync(aside, path);
    } catch {
      // Yet another process has taken the lock since: it holds it.
    }
  }
  rmSync(aside, { force: true });
}

function holding(path: string, text: string): DirectoryLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never a file another process wrote after taking over.
    if (readIfPresent(path) === text) {
      try {
        unlinkSync(path);
      } catch {
        // Gone already.
      }
    }
  };
  process.on('exit', release);
  return { release };
}
