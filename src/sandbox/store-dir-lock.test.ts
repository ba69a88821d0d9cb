import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DirectoryLockedError, LOCK_FILE, lockDirectory } from '../db/store-dir-lock.ts';
import type { MainProcess } from './testing/child.ts';
import { freePort, spawnMain, waitForListening } from './testing/child.ts';

// D15: one process per PGlite data directory. A second sandbox on the same directory refuses to
// start with one line; a lock left by a process that is gone (kill -9) does not keep anyone out.

const root = mkdtempSync(join(tmpdir(), 'sandbox-dir-lock-'));
const running: MainProcess[] = [];

afterAll(async () => {
  for (const main of running) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
  await Promise.all(running.map((main) => main.exited));
  rmSync(root, { recursive: true, force: true });
});

test('a second lock on the same directory is refused, naming the holder; released, it can be taken', () => {
  const dir = mkdtempSync(join(root, 'unit-'));
  const held = lockDirectory(dir);
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
  // Another process holding it looks like this one to the lock, except that the pid is its own.
  const other = spawn('sleep', ['30']);
  try {
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), pid: other.pid, started: null, nonce: 'x' }));
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(dir)).toThrow(`is in use by another sandbox (process ${other.pid ?? ''})`);
  } finally {
    other.kill('SIGKILL');
  }
  held.release();
});

test('a lock whose process is gone, or that cannot be read, is taken over', async () => {
  const dir = mkdtempSync(join(root, 'stale-'));
  const gone = spawn('true');
  await new Promise((resolve) => gone.once('exit', resolve));
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), pid: gone.pid, started: null, nonce: 'x' }));
  const taken = lockDirectory(dir);
  expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
  taken.release();
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);

  writeFileSync(join(dir, LOCK_FILE), '{"host": "cut sh');
  lockDirectory(dir).release();
});

test('two sandboxes on one data directory: the second exits with one line; after kill -9 of the first, a new one starts', async () => {
  const db = join(root, 'db');
  const first = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(first);
  await waitForListening(first);

  const second = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(second);
  expect((await second.exited).code).toBe(1);
  const lines = second.stderr().split('\n').filter((line) => line.trim() !== '');
  expect(lines).toEqual([
    `sandbox: the data directory ${db} is in use by another sandbox (process ${first.child.pid ?? ''}); stop it, or give this one another SANDBOX_DB (or one PostgreSQL database for both: SANDBOX_DATABASE_URL)`,
  ]);
  // The first one is unharmed.
  expect(first.child.exitCode).toBeNull();

  first.child.kill('SIGKILL');
  await first.exited;
  const third = spawnMain({ PORT: String(await freePort()), SANDBOX_DB: db });
  running.push(third);
  await waitForListening(third);
  third.child.kill('SIGTERM');
  expect(await third.exited).toEqual({ code: 0, signal: null });
  expect(existsSync(join(db, LOCK_FILE))).toBe(false);
}, 180_000);
