import { spawn } from 'node:child_process';

// tsx scripts/side-by-side.ts <npm script> [<npm script> ...]
//
// Runs `npm run <name>` for each at once and exits with the first failing one's code (in the order
// given) once all have ended, 0 if none failed. npm test starts with `typecheck` and `lint`: each uses
// one core (tsc -b, then ESLint's own TypeScript program), so on CI's two cores side by side they take
// about as long as ESLint alone (69 s against 24 + 65 s one after the other). Each script's output is
// held and written whole when it ends, its stdout to stdout and its stderr to stderr in the order they
// came, so two tools' lines never interleave; then one line says how it ended.

interface Chunk {
  stream: 'stdout' | 'stderr';
  bytes: Buffer;
}

interface Outcome {
  name: string;
  code: number;
  chunks: Chunk[];
  seconds: number;
}

function run(name: string): Promise<Outcome> {
  const started = performance.now();
  const chunks: Chunk[] = [];
  // Tools that colour a terminal's output colour it here too, as when npm test ran them itself.
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1' } : process.env;
  const child = spawn('npm', ['run', name], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (bytes: Buffer) => chunks.push({ stream: 'stdout', bytes }));
  child.stderr.on('data', (bytes: Buffer) => chunks.push({ stream: 'stderr', bytes }));
  const seconds = () => (performance.now() - started) / 1000;
  return new Promise((resolve) => {
    child.once('error', (error) => {
      chunks.push({ stream: 'stderr', bytes: Buffer.from(`could not start npm: ${error.message}\n`) });
      resolve({ name, code: 127, chunks, seconds: seconds() });
    });
    // A script killed by a signal has no exit code: it failed.
    child.once('close', (code) => resolve({ name, code: code ?? 1, chunks, seconds: seconds() }));
  });
}

function report(outcome: Outcome): void {
  for (const chunk of outcome.chunks) process[chunk.stream].write(chunk.bytes);
  const how = outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`;
  process[outcome.code === 0 ? 'stdout' : 'stderr'].write(`${outcome.name}: ${how} in ${outcome.seconds.toFixed(1)} s\n`);
}

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: tsx scripts/side-by-side.ts <npm script> [<npm script> ...]\n');
  process.exitCode = 2;
} else {
  // Written as each one ends: the quicker one's output does not wait for the slower one.
  const outcomes = await Promise.all(names.map((name) => run(name).then((outcome) => (report(outcome), outcome))));
  process.exitCode = outcomes.find((outcome) => outcome.code !== 0)?.code ?? 0;
}
