import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The peers' packages live in their own directory (bench/peers/package.json and its lockfile), so
// the console's package.json, its lockfile and CI do not carry refine, Mantine 5 or Material UI.
// `npm ci` installs them into bench/peers/node_modules (git-ignored) the first time the peers
// section runs, and again only when the lockfile changes (a stamp holds the lockfile's hash).
// --ignore-scripts: nothing runs at install and nothing downloads a binary; --omit=peer: the peers'
// own optional tooling (refine's CLI) stays out.

export const PEERS_DIR = fileURLToPath(new URL('.', import.meta.url));
const LOCKFILE = `${PEERS_DIR}package-lock.json`;
const STAMP = `${PEERS_DIR}node_modules/.order-console-bench-lock`;
const INSTALL_TIMEOUT_MS = 10 * 60_000;
const PING_TIMEOUT_MS = 30_000;

/** The peers cannot be installed here (offline, a registry error): the section says so in one line. */
export class PeersUnavailableError extends Error {}

const lockHash = () => createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');

export function peersInstalled(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lockHash();
}

/**
 * Why npm failed, in one line: its network error when there is one ("reason: connect ECONNREFUSED"),
 * else its error code, else its last line that is neither a warning (this machine's npm config makes
 * npm warn about "nodedir") nor the pointer to its log file.
 */
export function npmFailureReason(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^npm warn/i.test(l) && !/complete log of this run/i.test(l));
  return lines.find((l) => l.includes('reason:')) ?? lines.find((l) => /^npm error code /i.test(l)) ?? lines.at(-1) ?? 'no output';
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function npm(args: readonly string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(NPM, args, { cwd: PEERS_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: error.message });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Installs the peers' packages unless the stamp says they are there; returns the ms it took (0: already installed). */
export async function installPeers(): Promise<number> {
  if (peersInstalled()) return 0;
  const started = performance.now();
  // One request first: offline, `npm ci` retries every package for minutes before it gives up.
  const ping = await npm(['ping', '--fetch-retries=0', '--fetch-timeout=15000'], PING_TIMEOUT_MS);
  if (ping.code !== 0) throw new PeersUnavailableError(`the npm registry does not answer (offline?), so bench/peers' packages cannot be installed: ${npmFailureReason(ping.output)}`);
  const { code, output } = await npm(['ci', '--omit=peer', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'], INSTALL_TIMEOUT_MS);
  if (code !== 0) throw new PeersUnavailableError(`npm ci in bench/peers failed: ${npmFailureReason(output)}`);
  writeFileSync(STAMP, lockHash());
  return performance.now() - started;
}
