import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Extensions } from '@electric-sql/pglite';
import { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { applyEmbeddedDbCompiler } from './pglite-baseline.ts';

// An in-memory PGlite runs initdb on every start, which takes seconds (far more on a busy machine),
// and every test file starts one. A data directory freshly made by initdb is the same every time for
// one PGlite version, so the first start saves it (node_modules/.cache) and later starts load it
// instead, several times faster. Any problem with the cache falls back to initdb. A new data
// directory starts from the same saved directory when there is one (PGlite's own first start of a
// directory runs initdb in memory and copies the result in: the same files). Figures:
// docs/performance.md.

const packageSchema = z.object({ version: z.string().regex(/^[0-9A-Za-z.+-]+$/) });

function templatePath(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    let dir = dirname(entry);
    while (!dir.endsWith(join('node_modules', '@electric-sql', 'pglite')) && dirname(dir) !== dir) dir = dirname(dir);
    const { version } = packageSchema.parse(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')));
    return join(dir, '..', '..', '.cache', 'order-console-sandbox', `pglite-${version}-initdb.tar`);
  } catch {
    return null;
  }
}

async function saveTemplate(db: PGlite, path: string): Promise<void> {
  const dump = await db.dumpDataDir('none');
  const bytes = new Uint8Array(await dump.arrayBuffer());
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed: a process starting at the same moment reads all of it or nothing.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
}

/**
 * The template as a Blob without copying it. PGlite's loadDataDir reads the Blob once, with
 * `arrayBuffer()`; a Blob made of the file's bytes costs a copy in and a chunked copy out of the whole
 * template on every start (a CPU profile of a server's start: Node's blob.js and its concat), where
 * handing over the bytes read from the file costs nothing. What that saves: docs/performance.md.
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>;

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([]);
    this.#bytes = bytes;
    Object.defineProperty(this, 'size', { value: bytes.byteLength });
  }

  /** The bytes themselves when they fill their buffer (a file read whole), else a copy of them. */
  override arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#bytes;
    return Promise.resolve(bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer);
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }

  override slice(start?: number, end?: number, type?: string): Blob {
    return new Blob([this.#bytes.subarray(start, end)], type === undefined ? {} : { type });
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new Blob([this.#bytes]).stream();
  }

  override text(): Promise<string> {
    return Promise.resolve(new TextDecoder().decode(this.#bytes));
  }
}

function readIfPresent(path: string): BytesBlob | null {
  try {
    const file = readFileSync(path);
    return new BytesBlob(new Uint8Array(file.buffer, file.byteOffset, file.byteLength));
  } catch {
    return null;
  }
}

/**
 * `path`: where the template lives (tests pass their own); null for no cache at all. `extensions`:
 * PGlite extensions to make available (CREATE EXTENSION still installs them); initdb's output is the
 * same with or without them, so one template serves both.
 */
export async function createMemoryDatabase(path: string | null = templatePath(), extensions: Extensions = {}): Promise<PGlite> {
  applyEmbeddedDbCompiler();
  if (path !== null) {
    const template = readIfPresent(path);
    if (template !== null) {
      try {
        return await PGlite.create({ loadDataDir: template, extensions });
      } catch {
        rmSync(path, { force: true });
      }
    }
  }
  const db = await PGlite.create({ extensions });
  if (path !== null) {
    try {
      await saveTemplate(db, path);
    } catch {
      // Only a cache: a read-only node_modules just means every start runs initdb.
    }
  }
  return db;
}

/**
 * A PGlite on the data directory `dir` (created and locked by the caller). A directory holding nothing
 * but `keep` (the lock file) starts from the saved template when there is one; should that fail (a
 * damaged template), the template goes, what it left in the directory goes (everything there was
 * written by it), and PGlite runs initdb as it does without a template.
 */
export async function createDirectoryDatabase(dir: string, keep: readonly string[], extensions: Extensions = {}, path: string | null = templatePath()): Promise<PGlite> {
  applyEmbeddedDbCompiler();
  const empty = readdirSync(dir).every((entry) => keep.includes(entry));
  const template = empty && path !== null ? readIfPresent(path) : null;
  if (template !== null && path !== null) {
    try {
      return await PGlite.create(dir, { loadDataDir: template, extensions });
    } catch {
      rmSync(path, { force: true });
      for (const entry of readdirSync(dir)) if (!keep.includes(entry)) rmSync(join(dir, entry), { recursive: true, force: true });
    }
  }
  return PGlite.create(dir, { extensions });
}
