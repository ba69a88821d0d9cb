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

/** The peers cannot be installed here (offline, a registry error): the section says so in one line. */
export class PeersUnavailableError extends Error {}

const lockHash = () => createHash('sha256').update(readFileSync(LOCKFILE)).digest('hex');

export function peersInstalled(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lockHash();
}

/** The last line npm printed that says something (not its warnings about this machine's config). */
export function lastMeaningfulLine(output: string): string {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^npm warn/i.test(l));
  return lines.at(-1) ?? 'no output';
}

/** Installs the peers' packages unless the stamp says they are there; returns the ms it took (0: already installed). */
export async function installPeers(): Promise<number> {
  if (peersInstalled()) return 0;
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['ci', '--omit=peer', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--fetch-retries=1'];
  const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(npm, args, { cwd: PEERS_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), INSTALL_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: error.message });
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve({ code: exitCode, output });
    });
  });
  if (code !== 0) throw new PeersUnavailableError(`npm ci in bench/peers failed (offline or the registry unreachable?): ${lastMeaningfulLine(output)}`);
  writeFileSync(STAMP, lockHash());
  return performance.now() - started;
}
