import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import type { RunningServer } from '../http/listen.ts';
import { createSandboxApp } from '../sandbox/entry.ts';
import { serveApp } from '../http/listen.ts';
import { createServerApp } from './app.ts';
import { configMeta, withHeadMarkup } from './console-config.ts';

// On the wire: the static console sends the build's brotli or gzip twin by the request's
// Accept-Encoding, says so (Content-Encoding, Content-Length of what is sent, Vary), keeps D8's
// caching rules, revalidates per representation (ETag) and keeps HEAD and byte ranges right. Over
// real HTTP with node:http, which does not decode: these are the bytes on the wire.

const INDEX = `<!doctype html><html><head><title>Order Console</title></head><body>${'<p>pre-rendered orders page</p>'.repeat(40)}</body></html>`;
// What this server writes in the page's head: its config (console-config.ts configMeta), read by boot.js.
const SANDBOX_META = '<meta name="order-console-config" content="{&quot;mode&quot;:&quot;sandbox&quot;}">';
const PAGE = INDEX.replace('</head>', `${SANDBOX_META}</head>`);
const SCRIPT = `export const rows = [${Array.from({ length: 300 }, (_, i) => `"row ${i}"`).join(',')}];\n`;

let root: string;
let server: RunningServer;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'sandbox-static-encoding-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny-abc123.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'logo-abc123.png'), Buffer.alloc(2048, 7));
  writeFileSync(join(root, 'assets', 'stale-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'app-abc123.js.map'), '{"version":3,"sources":["../src/console/secret-logic.ts"]}');
  await precompressDirectory(root);
  // A file rebuilt in place after its twins were written: the twins are of the old content.
  writeFileSync(join(root, 'assets', 'stale-abc123.js'), `${SCRIPT}// new\n`);
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'assets', 'stale-abc123.js'), later, later);
  // The static files need no store: a sandbox app without one (its routes off) is enough.
  server = await serveApp(createServerApp({ sandbox: createSandboxApp({ log: () => undefined }), staticDir: root, log: () => undefined }));
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('source maps are not served (info)', () => {
  test('a .map the build wrote is a 404, in every coding, and the script still is served', async () => {
    for (const encoding of ['identity', 'gzip', 'br']) {
      const answer = await raw('/assets/app-abc123.js.map', { 'Accept-Encoding': encoding });
      expect(answer.status, encoding).toBe(404);
      expect(answer.body.toString('utf8')).not.toContain('secret-logic');
    }
    expect((await raw('/assets/app-abc123.js')).status).toBe(200);
  });
});

describe('Accept-Encoding decides what is sent', () => {
  test('br, gzip (what the budget measures): brotli, its own length, Vary', async () => {
    const answer = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
    expect(answer.body.byteLength).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  test('gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const header of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.2']) {
      const answer = await raw('/assets/app-abc123.js', { 'Accept-Encoding': header });
      expect(answer.headers['content-encoding'], header).toBe('gzip');
      expect(Number(answer.headers['content-length']), header).toBe(answer.body.byteLength);
      expect(gunzipSync(answer.body).toString('utf8'), header).toBe(SCRIPT);
    }
  });

  test('the file as it is when no coding is accepted, still with Vary', async () => {
    for (const header of [undefined, '', 'identity', 'br;q=0, gzip;q=0', 'zstd']) {
      const answer = await raw('/assets/app-abc123.js', header === undefined ? {} : { 'Accept-Encoding': header });
      expect(answer.headers['content-encoding'], String(header)).toBeUndefined();
      expect(answer.headers['vary'], String(header)).toBe('Accept-Encoding');
      expect(answer.body.toString('utf8'), String(header)).toBe(SCRIPT);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    }
  });

  test('the console pages (index.html for every route, with the server’s config) come compressed and uncached', async () => {
    for (const path of ['/', '/index.html', '/orders', '/orders/abc', '/settings']) {
      const answer = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(answer.headers['content-type'], path).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expect(answer.headers['vary'], path).toBe('Accept-Encoding');
      expect(brotliDecompressSync(answer.body).toString('utf8'), path).toBe(PAGE);
    }
    const gzip = await raw('/orders', { 'Accept-Encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(PAGE);
    const plain = await raw('/orders', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(PAGE);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
  });

  test('the page revalidates by its ETag alone: the same file from a server in another mode is another page', async () => {
    const first = await raw('/orders', { 'Accept-Encoding': 'br' });
    expect(first.headers['last-modified']).toBeUndefined();
    const again = await raw('/orders', { 'Accept-Encoding': 'br', 'If-Modified-Since': new Date(Date.now() + 3_600_000).toUTCString() });
    expect(again.status).toBe(200);
    expect(brotliDecompressSync(again.body).toString('utf8')).toBe(PAGE);
    expect((await raw('/orders', { 'Accept-Encoding': 'br', 'If-None-Match': first.headers.etag ?? '' })).status).toBe(304);
  });

  test('a rebuilt index.html is the page from the next request on, with the config still in it', async () => {
    const before = await raw('/orders', { 'Accept-Encoding': 'br' });
    const rebuilt = INDEX.replace('Order Console', 'Order Console (rebuilt)');
    writeFileSync(join(root, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 120_000);
    utimesSync(join(root, 'index.html'), later, later);
    try {
      const after = await raw('/orders', { 'Accept-Encoding': 'br' });
      expect(brotliDecompressSync(after.body).toString('utf8')).toBe(rebuilt.replace('</head>', `${SANDBOX_META}</head>`));
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      writeFileSync(join(root, 'index.html'), INDEX);
    }
    expect(brotliDecompressSync((await raw('/orders', { 'Accept-Encoding': 'br' })).body).toString('utf8')).toBe(PAGE);
  });

  test('hashed assets keep their year-long cache whatever the coding', async () => {
    for (const header of ['br', 'gzip', 'identity']) {
      const answer = await raw('/assets/app-abc123.js', { 'Accept-Encoding': header });
      expect(answer.headers['cache-control'], header).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a file without twins (an image, a file too small to gain) is sent as it is, without Vary', async () => {
    for (const path of ['/assets/logo-abc123.png', '/assets/tiny-abc123.js']) {
      const answer = await raw(path, { 'Accept-Encoding': 'br, gzip' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers['vary'], path).toBeUndefined();
    }
  });

  test('twins older than their file are ignored: never the old content', async () => {
    const answer = await raw('/assets/stale-abc123.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString('utf8')).toBe(`${SCRIPT}// new\n`);
  });

  test('a missing asset is still a 404, not the page', async () => {
    const answer = await raw('/assets/missing.js', { 'Accept-Encoding': 'br, gzip' });
    expect(answer.status).toBe(404);
  });
});

describe('HEAD, revalidation and ranges', () => {
  test('HEAD: the headers GET would send (length of the chosen coding), no body', async () => {
    for (const header of ['br', 'gzip', 'identity']) {
      const get = await raw('/assets/app-abc123.js', { 'Accept-Encoding': header });
      const head = await raw('/assets/app-abc123.js', { 'Accept-Encoding': header }, 'HEAD');
      expect(head.status, header).toBe(200);
      expect(head.body.byteLength, header).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'content-type', 'etag', 'vary', 'cache-control']) {
        expect(head.headers[name], `${header} ${name}`).toBe(get.headers[name]);
      }
    }
  });

  test('each representation has its own ETag, and only its own revalidates to a bodiless 304', async () => {
    const br = await raw('/orders', { 'Accept-Encoding': 'br' });
    const gzip = await raw('/orders', { 'Accept-Encoding': 'gzip' });
    const plain = await raw('/orders', {});
    const tags = [br.headers.etag, gzip.headers.etag, plain.headers.etag];
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);

    const again = await raw('/orders', { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers['vary']).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe('no-cache');

    // A cache that stored the gzip answer and now asks for brotli gets the full brotli answer.
    const other = await raw('/orders', { 'Accept-Encoding': 'br', 'If-None-Match': gzip.headers.etag ?? '' });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
    const weak = await raw('/orders', { 'Accept-Encoding': 'gzip', 'If-None-Match': `W/${gzip.headers.etag ?? ''}, "other"` });
    expect(weak.status).toBe(304);
  });

  test('If-Modified-Since revalidates when no ETag is offered', async () => {
    const first = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    const again = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br', 'If-Modified-Since': first.headers['last-modified'] ?? '' });
    expect(again.status).toBe(304);
    const old = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br', 'If-Modified-Since': 'Thu, 01 Jan 2015 00:00:00 GMT' });
    expect(old.status).toBe(200);
  });

  test('a byte range is of the file as it is, whatever the request accepts', async () => {
    const answer = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br, gzip', Range: 'bytes=7-18' });
    expect(answer.status).toBe(206);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-range']).toBe(`bytes 7-18/${Buffer.byteLength(SCRIPT)}`);
    expect(answer.headers['content-length']).toBe('12');
    expect(answer.body.toString('utf8')).toBe(SCRIPT.slice(7, 19));
    expect(answer.headers['vary']).toBe('Accept-Encoding');

    const suffix = await raw('/assets/app-abc123.js', { Range: 'bytes=-5' });
    expect(suffix.body.toString('utf8')).toBe(SCRIPT.slice(-5));
    const unsatisfiable = await raw('/assets/app-abc123.js', { Range: `bytes=${Buffer.byteLength(SCRIPT)}-` });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${Buffer.byteLength(SCRIPT)}`);
  });

  test('a range for another version of the file (If-Range) or several ranges: the whole file, compressed', async () => {
    const cases: Record<string, string>[] = [{ Range: 'bytes=0-9', 'If-Range': '"some-other-version"' }, { Range: 'bytes=0-1,5-6' }];
    for (const headers of cases) {
      const answer = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br', ...headers });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(SCRIPT);
    }
    const identity = await raw('/assets/app-abc123.js', {});
    const matching = await raw('/assets/app-abc123.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9', 'If-Range': identity.headers.etag ?? '' });
    expect(matching.status).toBe(206);
  });
});

describe('the server’s config in the page', () => {
  test('configMeta: what an attribute cannot hold is escaped, and reads back as the same config', () => {
    const config = { mode: 'proxy', service_origin: 'https://a.example/"><script>alert(1)</script>&', service_host: 'a.example' } as const;
    const html = withHeadMarkup(INDEX.replace('</title>', '</title><script src="/boot.js"></script>'), configMeta(config));
    const content = /<meta name="order-console-config" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(content).not.toMatch(/[<>"]/);
    expect(JSON.parse(content.replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&'))).toEqual(config);
    // Before boot.js, which reads it while the page is parsed.
    expect(html.indexOf('order-console-config')).toBeLessThan(html.indexOf('/boot.js'));
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
