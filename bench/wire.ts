import { request } from 'node:http';
import type { Browser } from '@playwright/test';
import type { WireEntry } from './network.ts';
import { recordWire } from './network.ts';
import { openProbePage, waitForProbe } from './probe.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';

// Budget 1: what the sandbox server (the one `npm start` runs) sends for a first load of
// /orders: index.html (the /orders page) and the JS and CSS it loads before any lazy import, asked
// for with `Accept-Encoding: br, gzip`. Counted from real requests over node:http, which does not
// decode: status line, headers and body bytes as they came. The same files without compression
// (identity) and gzip-only are printed beside it, and Chromium's own count of a cold load
// (encodedDataLength, with its usual Accept-Encoding) as a cross-check.

export const WIRE_BUDGET_KB = 175;
const BUDGET_ACCEPT_ENCODING = 'br, gzip';

export interface WireFile {
  path: string;
  status: number;
  contentEncoding: string | null;
  headerBytes: number;
  bodyBytes: number;
}

export interface WireResult {
  /** Per Accept-Encoding sent: 'br, gzip' (the budget), 'gzip', 'identity'. */
  byAcceptEncoding: Record<string, WireFile[]>;
  /** Chromium's cold load of /orders until the list or its empty state showed. */
  browser: { document: number; initial: number; everything: number; entries: WireEntry[] };
}

function fetchRaw(baseUrl: string, path: string, acceptEncoding: string): Promise<WireFile> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      let bodyBytes = 0;
      res.on('data', (chunk: Buffer) => (bodyBytes += chunk.byteLength));
      res.on('end', () => {
        const statusLine = `HTTP/${res.httpVersion} ${res.statusCode ?? 0} ${res.statusMessage ?? ''}\r\n`;
        let headerBytes = Buffer.byteLength(statusLine) + 2;
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headerBytes += Buffer.byteLength(`${res.rawHeaders[i] ?? ''}: ${res.rawHeaders[i + 1] ?? ''}\r\n`);
        const encoding = res.headers['content-encoding'];
        resolve({ path, status: res.statusCode ?? 0, contentEncoding: typeof encoding === 'string' ? encoding : null, headerBytes, bodyBytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** `initial`: the build's initial files (bundle.ts initialFiles), paths without the leading slash. */
export async function measureWire(browser: Browser, baseUrl: string, initial: readonly string[], token: string): Promise<WireResult> {
  const paths = ['/orders', ...initial.map((file) => `/${file}`)];
  const byAcceptEncoding: Record<string, WireFile[]> = {};
  for (const acceptEncoding of [BUDGET_ACCEPT_ENCODING, 'gzip', 'identity']) {
    const files: WireFile[] = [];
    for (const path of paths) files.push(await fetchRaw(baseUrl, path, acceptEncoding));
    const failed = files.find((f) => f.status !== 200);
    if (failed !== undefined) throw new Error(`${failed.path} answered ${failed.status}`);
    byAcceptEncoding[acceptEncoding] = files;
  }

  const probe = await openProbePage(browser, { watchContent: true, sessionStorage: { 'order-console:token:local-sandbox': token } });
  try {
    const read = recordWire(probe.cdp);
    await probe.page.goto(`${baseUrl}/orders`);
    await waitForProbe(probe, 'window.__bench.state.content?.painted != null', 60_000);
    await probe.page.waitForLoadState('networkidle', { timeout: 90_000 });
    const entries = read();
    const pathOf = (url: string) => new URL(url).pathname;
    const initialPaths = new Set(paths.slice(1));
    const sum = (list: readonly WireEntry[]) => list.reduce((s, e) => s + e.bytes, 0);
    return {
      byAcceptEncoding,
      browser: {
        document: sum(entries.filter((e) => pathOf(e.url) === '/orders')),
        initial: sum(entries.filter((e) => initialPaths.has(pathOf(e.url)))),
        everything: sum(entries),
        entries,
      },
    };
  } finally {
    await probe.close();
  }
}

const kb = (bytes: number) => bytes / 1024;
const total = (files: readonly WireFile[]) => files.reduce((s, f) => s + f.headerBytes + f.bodyBytes, 0);

export function wireFigures(result: WireResult): Figure[] {
  const budget = result.byAcceptEncoding[BUDGET_ACCEPT_ENCODING] ?? [];
  const html = budget[0];
  const uncompressed = budget.filter((f) => f.contentEncoding === null).map((f) => f.path);
  const { browser } = result;
  const browserEncodings = [...new Set(browser.entries.filter((e) => e.url.includes('/assets/') || new URL(e.url).pathname === '/orders').map((e) => e.contentEncoding ?? 'none'))].join('/');
  return [
    budgeted(
      'wire: /orders HTML + initial JS/CSS, br/gzip',
      kb(total(budget)),
      'KB',
      '<=',
      WIRE_BUDGET_KB,
      `${budget.length} files asked with Accept-Encoding: ${BUDGET_ACCEPT_ENCODING}, headers included; codings ${[...new Set(budget.map((f) => f.contentEncoding ?? 'none'))].join('/')}${uncompressed.length > 0 ? `; sent uncompressed: ${uncompressed.join(', ')}` : ''}`,
    ),
    info('wire: of which the HTML (/orders)', kb(html === undefined ? 0 : html.headerBytes + html.bodyBytes), 'KB', html?.contentEncoding ?? 'none'),
    info('wire: same files, gzip only', kb(total(result.byAcceptEncoding['gzip'] ?? [])), 'KB'),
    info('wire: same files, uncompressed', kb(total(result.byAcceptEncoding['identity'] ?? [])), 'KB', 'what the server sent before issue 17 to every browser'),
    info('wire: Chromium, HTML + initial', kb(browser.document + browser.initial), 'KB', `cold load, encodedDataLength (CDP), codings ${browserEncodings}`),
    info('wire: Chromium, everything until the list shows', kb(browser.everything), 'KB', `${browser.entries.length} requests: route chunks, the list request, favicon included`),
  ];
}
