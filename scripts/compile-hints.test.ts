import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';
import { afterAll, expect, test } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints.ts';

// A real build of a small app with two chunks, the way vite.config.ts builds the console: the hint
// on the named chunk's first line only, its hidden source map still pointing at the right lines, and
// the built code still running.

const root = mkdtempSync(join(tmpdir(), 'compile-hints-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

writeFileSync(join(root, 'main.js'), ['export async function greet(name) {', '  const { shout } = await import("./later.js");', '  return shout(`hello ${name}`);', '}', ''].join('\n'));
writeFileSync(join(root, 'later.js'), ['import { mark } from "./shared.js";', 'export function shout(text) {', '  return mark(`${text.toUpperCase()}`);', '}', ''].join('\n'));
writeFileSync(join(root, 'shared.js'), 'export const mark = (text) => `${text}!`;\n');
writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="./app.js"></script>\n');
writeFileSync(join(root, 'later.css'), '.later { color: teal; }\n');
writeFileSync(join(root, 'lazy.js'), 'import "./later.css";\nexport const lazy = 1;\n');
writeFileSync(join(root, 'app.js'), 'import { mark } from "./shared.js";\ndocument.body.append(mark("x"));\nvoid import("./lazy.js");\n');

async function buildFixture(hinted: readonly string[]): Promise<string> {
  const outDir = join(root, `dist-${hinted.join('-') || 'none'}`);
  await build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [compileHints(hinted)],
    build: { outDir, emptyOutDir: true, sourcemap: 'hidden', minify: true, lib: { entry: join(root, 'main.js'), formats: ['es'], fileName: 'main' } },
  });
  return outDir;
}

const chunkFile = (outDir: string, prefix: string) => {
  const name = readdirSync(outDir).find((file) => file.startsWith(prefix) && /\.m?js$/.test(file));
  if (name === undefined) throw new Error(`no ${prefix} chunk in ${readdirSync(outDir).join(', ')}`);
  return join(outDir, name);
};

test('the named chunk starts with the hint, above the line Vite adds; the others are as built', async () => {
  const outDir = join(root, 'dist-app');
  // An app build (the console's kind): the entry's chunk gets Vite's own first line, the list of
  // what its dynamic import preloads.
  await build({ root, logLevel: 'silent', configFile: false, plugins: [compileHints(['index'])], build: { outDir, emptyOutDir: true, sourcemap: 'hidden' } });
  const assets = join(outDir, 'assets');
  const [first, second] = readFileSync(chunkFile(assets, 'index'), 'utf8').split('\n');
  expect(first).toBe(COMPILE_HINT);
  expect(second).toMatch(/^const __vite__mapDeps=/);
  expect(readFileSync(chunkFile(assets, 'lazy'), 'utf8')).not.toContain(COMPILE_HINT);
});

test('the hinted chunk runs, and its source map still finds the source of what it runs', async () => {
  const outDir = await buildFixture(['later']);
  const { greet } = (await import(pathToFileURL(chunkFile(outDir, 'main')).href)) as { greet: (name: string) => Promise<string> };
  expect(await greet('ops')).toBe('HELLO OPS!');

  const file = chunkFile(outDir, 'later');
  const code = readFileSync(file, 'utf8');
  const at = code.indexOf('toUpperCase');
  const before = code.slice(0, at);
  const map = new SourceMapConsumer(readFileSync(`${file}.map`, 'utf8'));
  const original = map.originalPositionFor({ line: before.split('\n').length, column: at - before.lastIndexOf('\n') - 1 });
  expect(original.source).toMatch(/later\.js$/);
  expect(original.line).toBe(3);
});
