import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { peerOrders } from './orders.ts';

// One peer app's server, as a child process (bench/child.ts): `node --import tsx bench/peers/server.ts`
// with PEERS_DIST=<a build>. GET /api/orders answers the 50 orders; any other path is a file of the
// build, sent as its precompressed twin when the browser accepts it (the same .br/.gz files the
// console's server sends), else index.html (the apps route on the client). Prints {"url": ...}.

const dist = process.env['PEERS_DIST'];
if (dist === undefined || !existsSync(join(dist, 'index.html'))) {
  process.stderr.write(`bench/peers/server.ts: PEERS_DIST must name a build with an index.html (got ${dist ?? 'nothing'})\n`);
  process.exit(1);
}
const root = normalize(dist);
const orders = JSON.stringify(peerOrders());

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

function fileFor(pathname: string): string {
  const candidate = normalize(join(root, decodeURIComponent(pathname)));
  const inside = candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile();
  return inside ? candidate : join(root, 'index.html');
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/api/orders') {
    response.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    response.end(orders);
    return;
  }
  let file: string;
  try {
    file = fileFor(url.pathname);
  } catch {
    // A malformed %-escape: not a file of the build.
    file = join(root, 'index.html');
  }
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ].find(([name, suffix]) => accepts.includes(name ?? '') && existsSync(file + (suffix ?? '')));
  const headers: Record<string, string> = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', Vary: 'Accept-Encoding' };
  if (encoding !== undefined) headers['Content-Encoding'] = encoding[0] ?? '';
  response.writeHead(200, headers);
  response.end(readFileSync(file + (encoding?.[1] ?? '')));
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
