import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CommandResult } from '../src/sandbox/testing/child.ts';
import { runCommand } from '../src/sandbox/testing/child.ts';

// npm test runs typecheck and lint through scripts/side-by-side.ts. Run as npm test runs it: node with
// tsx, in a package whose scripts stand in for the two tools.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'side-by-side.ts');
const TSX = pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

// `waits` passes only if `marks` runs while it waits (10 s at most): run one after the other, it fails.
const node = (code: string) => `node -e ${JSON.stringify(code)}`;
const SCRIPTS = {
  waits: node(
    "const fs = require('fs'); const t = Date.now(); (function poll() { if (fs.existsSync('marked')) { console.log('waits: saw the mark'); console.error('waits: a warning'); } else if (Date.now() - t > 10000) { console.log('waits: alone'); process.exit(4); } else setTimeout(poll, 50); })()",
  ),
  marks: node("require('fs').writeFileSync('marked', ''); console.log('marks: out'); console.error('marks: broken'); process.exit(3)"),
  passes: node("console.log('passes: out')"),
  fails: node('process.exit(5)'),
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'side-by-side-test', private: true, scripts: SCRIPTS }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]): Promise<CommandResult> {
  rmSync(join(dir, 'marked'), { force: true });
  return runCommand(process.execPath, ['--import', TSX, SCRIPT, ...args], { cwd: dir });
}

test('runs the scripts at once, writes each one whole as it ends, and exits with the failing one\'s code', { timeout: 60_000 }, async () => {
  const result = await run(['waits', 'marks']);
  expect(result.code).toBe(3);
  // marks ended first, so its block comes first; each block is whole and ends with how it ended.
  expect(result.stdout).toMatch(/> marks\n> node -e [^\n]+\n\nmarks: out\n[\s\S]*> waits\n> node -e [^\n]+\n\nwaits: saw the mark\nwaits: passed in \d+\.\d s\n$/);
  expect(result.stdout).not.toMatch(/^waits: alone$/m);
  expect(result.stderr).toMatch(/^marks: broken\nmarks: FAILED \(exit 3\) in \d+\.\d s\nwaits: a warning\n$/);
});

test('all passing: exits 0; several failing: the code of the first one named', { timeout: 60_000 }, async () => {
  const passing = await run(['passes', 'passes']);
  expect(passing.code).toBe(0);
  expect(passing.stdout.match(/^passes: passed in/gm)).toHaveLength(2);

  const failing = await run(['fails', 'marks']);
  expect(failing.code).toBe(5);
  expect(failing.stderr).toContain('fails: FAILED (exit 5)');
  expect(failing.stderr).toContain('marks: FAILED (exit 3)');
});

test('no script named: exits 2 with the usage line', async () => {
  const result = await run([]);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('usage: tsx scripts/side-by-side.ts <npm script> [<npm script> ...]\n');
});
