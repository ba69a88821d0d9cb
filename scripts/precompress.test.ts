import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { precompressDirectory } from './precompress.ts';

// The build's brotli and gzip twins: each decodes to its file, and only text a browser
// loads gets them.

let dir: string;
const text = (label: string) => `/* ${label} */\n${Array.from({ length: 200 }, (_, i) => `export const v${i} = "${label}-${i}";`).join('\n')}\n`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('every text file a browser loads gets .br and .gz twins that decode to it, in subfolders too', async () => {
  const files = { 'index.html': `<!doctype html>${text('html')}`, 'boot.js': text('boot'), 'assets/app-1.js': text('app'), 'assets/app-1.css': text('css'), 'favicon.svg': `<svg>${text('svg')}</svg>` };
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  const written = await precompressDirectory(dir);
  expect(written.map((w) => w.file).sort()).toEqual(Object.keys(files).map((name) => join(dir, name)).sort());
  for (const [name, content] of Object.entries(files)) {
    const br = readFileSync(join(dir, `${name}.br`));
    const gz = readFileSync(join(dir, `${name}.gz`));
    expect(brotliDecompressSync(br).toString('utf8'), name).toBe(content);
    expect(gunzipSync(gz).toString('utf8'), name).toBe(content);
    expect(br.byteLength, name).toBeLessThan(gz.byteLength);
  }
});

test('source maps, binaries and files too small to gain are left alone', async () => {
  writeFileSync(join(dir, 'assets', 'app-1.js.map'), text('map'));
  writeFileSync(join(dir, 'assets', 'logo.png'), text('png'));
  writeFileSync(join(dir, 'assets', 'tiny.js'), 'export {};');
  expect(await precompressDirectory(dir)).toEqual([]);
  for (const name of ['assets/app-1.js.map', 'assets/logo.png', 'assets/tiny.js']) {
    expect(existsSync(join(dir, `${name}.br`)), name).toBe(false);
    expect(existsSync(join(dir, `${name}.gz`)), name).toBe(false);
  }
});

test('a twin that would not be smaller is not written, and one left by an earlier build is removed', async () => {
  writeFileSync(join(dir, 'assets', 'random.js'), randomBytes(4096));
  writeFileSync(join(dir, 'assets', 'random.js.gz'), 'left over from an earlier build');
  const [result] = await precompressDirectory(dir);
  expect(result).toMatchObject({ bytes: 4096, br: null, gzip: null });
  expect(existsSync(join(dir, 'assets', 'random.js.br'))).toBe(false);
  expect(existsSync(join(dir, 'assets', 'random.js.gz'))).toBe(false);
});
