import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { ServerEnv } from './server-env.ts';
import type { Coding, Selected } from './content-encoding.ts';
import { CODINGS, selectEncoding, suffixOf } from './content-encoding.ts';
import { withHeadMarkup } from './console-config.ts';

// docs/decisions.md D8: the built console on the same origin. Vite names files under /assets/ by content
// hash, so they can be cached for a year; index.html must not be cached, or a rebuild goes unseen.
// The build writes brotli and gzip twins of each text file (scripts/precompress.ts); the
// twin the request accepts is sent as it is, with Content-Encoding, and every answer for a file
// that has twins says `Vary: Accept-Encoding`. Each representation has its own ETag, so a
// revalidation (index.html, boot.js: no-cache) is a 304 without a body.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Order Console is not built</title></head>
<body>
<h1>Order Console is not built yet</h1>
<p>The sandbox API is running. To get the console, run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
</body>
</html>
`;

interface Representation {
  selected: Selected;
  path: string;
  size: number;
}

async function fileStats(path: string): Promise<Stats | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/**
 * The file a request path names inside `root`, or null. The path comes percent-decoded from Hono;
 * anything still encoded, a dot segment, a backslash, a NUL or an empty segment is refused rather
 * than interpreted, and the result must stay under `root`.
 */
function fileFor(root: string, path: string): string | null {
  // Source maps stay on the build machine: they would publish the sources, comments included.
  if (/\.map$/i.test(path)) return null;
  if (/%|\\|\0/.test(path) || /(?:^|\/)\.{1,2}(?:\/|$)/.test(path) || /\/\//.test(path)) return null;
  const file = resolve(join(root, path));
  return file.startsWith(root + sep) ? file : null;
}

/** Twins written by the build; one older than its file is stale (a file rebuilt in place) and ignored. */
async function twinsOf(path: string, original: Stats): Promise<Map<Coding, Stats>> {
  const twins = new Map<Coding, Stats>();
  for (const coding of CODINGS) {
    const twin = await fileStats(path + suffixOf(coding));
    if (twin !== null && twin.mtimeMs >= original.mtimeMs) twins.set(coding, twin);
  }
  return twins;
}

const etagOf = (original: Stats, selected: Selected) =>
  `"${original.size.toString(16)}-${Math.floor(original.mtimeMs).toString(16)}${selected === 'identity' ? '' : `-${selected}`}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2). */
function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const tags = ifNoneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags.includes('*') || tags.includes(etag);
}

/** If-None-Match, else If-Modified-Since. */
function notModified(c: Context<ServerEnv, string>, etag: string, modified: Date): boolean {
  const ifNoneMatch = c.req.header('If-None-Match');
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  const since = Date.parse(c.req.header('If-Modified-Since') ?? '');
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** One byte range (`bytes=a-b`, `a-`, `-n`) of `size`; null to send the whole file (several ranges, unreadable), 'unsatisfiable' for a 416. */
function byteRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const length = Number(last);
    return length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || start > end ? 'unsatisfiable' : { start, end };
}

async function readPart(path: string, start: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, start + read);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      read += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Sends `path` (an existing file) the way this request accepts it. */
async function sendFile(c: Context<ServerEnv, string>, path: string, original: Stats, cacheControl: string): Promise<Response> {
  const twins = await twinsOf(path, original);
  const headers = new Headers({ 'Content-Type': getMimeType(path) ?? 'application/octet-stream', 'Cache-Control': cacheControl });
  if (twins.size > 0) headers.set('Vary', 'Accept-Encoding');
  // A range is of the file as it is: with one, the file is sent uncompressed. An If-Range naming
  // another version, or a Range this handler does not serve (several ranges), gets the whole file.
  const rangeHeader = c.req.method === 'GET' ? c.req.header('Range') : undefined;
  const ifRange = c.req.header('If-Range');
  const sameVersion = ifRange === undefined || ifRange === etagOf(original, 'identity') || Date.parse(ifRange) >= Math.floor(original.mtimeMs / 1000) * 1000;
  const range = rangeHeader !== undefined && sameVersion ? byteRange(rangeHeader, original.size) : null;
  const selected = range !== null ? 'identity' : selectEncoding(c.req.header('Accept-Encoding'), [...twins.keys()]);
  const twin = selected === 'identity' ? undefined : twins.get(selected);
  const sent: Representation =
    selected === 'identity' || twin === undefined ? { selected: 'identity', path, size: original.size } : { selected, path: path + suffixOf(selected), size: twin.size };

  const etag = etagOf(original, sent.selected);
  headers.set('ETag', etag);
  headers.set('Last-Modified', original.mtime.toUTCString());
  if (sent.selected === 'identity') headers.set('Accept-Ranges', 'bytes');
  else headers.set('Content-Encoding', sent.selected);
  if (notModified(c, etag, original.mtime)) {
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }

  if (range === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${sent.size}`);
    headers.set('Content-Length', '0');
    return new Response(null, { status: 416, headers });
  }
  const start = range?.start ?? 0;
  const length = range === null ? sent.size : range.end - range.start + 1;
  headers.set('Content-Length', String(length));
  if (range !== null) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${sent.size}`);
  const status = range === null ? 200 : 206;
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  return new Response(await readPart(sent.path, start, length), { status, headers });
}

/** index.html with the server's markup in its head, in each coding: built once per version of the file. */
interface Page {
  version: string;
  etag: string;
  bodies: Map<Selected, Buffer>;
}

async function buildPage(path: string, head: string, version: string): Promise<Page> {
  const identity = Buffer.from(withHeadMarkup(await readFile(path, 'utf8'), head), 'utf8');
  const bodies = new Map<Selected, Buffer>([
    ['identity', identity],
    ['br', brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength } })],
    ['gzip', gzipSync(identity, { level: 9 })],
  ]);
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return { version, etag, bodies };
}

/**
 * The page the way this request accepts it; no byte ranges (it is small, and rebuilt on the server).
 * Revalidated by its ETag only, a hash of what is sent: the same file served by a server started in
 * another mode is another page, which its file's time would not tell (so no Last-Modified).
 */
function sendPage(c: Context<ServerEnv, string>, page: Page): Response {
  const selected = selectEncoding(c.req.header('Accept-Encoding'), CODINGS);
  const body = page.bodies.get(selected) ?? page.bodies.get('identity') ?? Buffer.alloc(0);
  const etag = `"${page.etag}${selected === 'identity' ? '' : `-${selected}`}"`;
  const headers = new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': NO_CACHE, Vary: 'Accept-Encoding', ETag: etag });
  if (selected !== 'identity') headers.set('Content-Encoding', selected);
  if (etagMatches(c.req.header('If-None-Match') ?? '', etag)) {
    headers.delete('Content-Type');
    headers.delete('Content-Encoding');
    return new Response(null, { status: 304, headers });
  }
  headers.set('Content-Length', String(body.byteLength));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/**
 * A GET (and HEAD) handler for everything outside the API: a real file from `staticDir`, else
 * index.html so the console's router can show /orders, /orders/<id>, /settings... A missing
 * /assets/ file stays a 404: the browser asked for a script or a stylesheet, not a page.
 * `pageHead`: markup this server adds to index.html's head (its config, console-config.ts configMeta).
 */
export function staticConsole(staticDir: string | undefined, pageHead?: string): (c: Context<ServerEnv, string>) => Promise<Response> {
  const root = staticDir === undefined ? undefined : resolve(staticDir);
  const assets = root === undefined ? '' : join(root, 'assets') + sep;
  let page: Promise<Page> | null = null;

  return async (c) => {
    if (root === undefined || !existsSync(join(root, 'index.html'))) return c.html(NOT_BUILT_PAGE, 200, { 'Cache-Control': NO_CACHE });
    const index = join(root, 'index.html');
    const file = fileFor(root, c.req.path);
    const found = file === null ? null : await fileStats(file);
    if (file !== null && found !== null && (file !== index || pageHead === undefined)) return sendFile(c, file, found, file.startsWith(assets) ? IMMUTABLE : NO_CACHE);
    if (c.req.path.startsWith('/assets/')) return c.text('Not found', 404);
    const indexStats = await fileStats(index);
    if (indexStats === null) return c.text('Not found', 404);
    if (pageHead === undefined) return sendFile(c, index, indexStats, NO_CACHE);
    // A rebuild (another size or time) builds the page again; requests meanwhile share one build.
    const version = `${indexStats.size}-${indexStats.mtimeMs}`;
    const built = await page?.catch(() => null);
    if (page === null || built?.version !== version) page = buildPage(index, pageHead, version);
    try {
      return sendPage(c, await page);
    } catch {
      // index.html went between its stat and its read (a rebuild): as if it were missing.
      page = null;
      return c.text('Not found', 404);
    }
  };
}
