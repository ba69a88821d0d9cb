import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// On the wire: every text file a build writes gets a brotli (.br) and a gzip (.gz) twin
// beside it, compressed once at build time at the highest levels, so the sandbox's static handler
// (src/server/static-files.ts) sends them by Accept-Encoding without compressing per request.
// node:zlib only: nothing to install.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a browser loads as text. Source maps are left out: only DevTools fetch them. */
export const COMPRESSIBLE_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below this a compressed file saves less than its Content-Encoding header costs. */
export const MIN_BYTES = 256;

export interface CompressedFile {
  file: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** Writes `file.br` and `file.gz` for one file; a twin that would not be smaller is not written (and an old one is removed). */
async function compressFile(file: string): Promise<CompressedFile> {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const keep = async (suffix: string, compressed: Buffer): Promise<number | null> => {
    if (compressed.byteLength >= content.byteLength) {
      await rm(file + suffix, { force: true });
      return null;
    }
    await writeFile(file + suffix, compressed);
    return compressed.byteLength;
  };
  return { file, bytes: content.byteLength, br: await keep('.br', br), gzip: await keep('.gz', gz) };
}

/** Compresses every compressible file under `dir` (build output); returns what it wrote. */
export async function precompressDirectory(dir: string): Promise<CompressedFile[]> {
  const candidates: string[] = [];
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE_FILE.test(file)) continue;
    if ((await stat(file)).size >= MIN_BYTES) candidates.push(file);
  }
  // zlib's async calls run on libuv's thread pool: the files compress side by side.
  return Promise.all(candidates.map(compressFile));
}

/** The Vite plugin: after a build has written its files (public/ included), compress them. */
export function precompress(): Plugin {
  return {
    name: 'order-console:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options) {
      if (options.dir === undefined) throw new Error('precompress needs build.outDir');
      await precompressDirectory(options.dir);
    },
  };
}
