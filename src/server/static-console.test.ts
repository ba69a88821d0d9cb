import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.ts';
import { createSandboxApp } from '../sandbox/entry.ts';
import { call } from '../sandbox/testing/http.ts';
import { createServerApp } from './app.ts';

// The console's own files (D8): index.html for every console route, hashed assets with a long cache,
// the security headers on each of them, no inline script the policy would block, and no way out of
// the static directory. The sandbox's app is mounted without a store: its paths must still never
// fall back to the console.

const logLines: string[] = [];
let root: string;
let server: RunningServer;
let bare: RunningServer;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'console-static-'));
  const staticDir = join(root, 'dist');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), readFileSync(new URL('../../index.html', import.meta.url)));
  writeFileSync(join(staticDir, 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(join(root, 'secret.txt'), 'TOP-SECRET-OUTSIDE-THE-STATIC-DIR');
  const log = (line: string) => logLines.push(line);
  server = await serveApp(createServerApp({ sandbox: createSandboxApp({ log }), staticDir, log }));
  bare = await serveApp(createServerApp({ sandbox: createSandboxApp({ log }), log }));
});

afterAll(async () => {
  await server.close();
  await bare.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the console’s pages and files', () => {
  test.each(['/', '/orders', '/orders/abc', '/orders/new', '/settings'])('GET %s serves index.html, not cached', async (path) => {
    const result = await call(server.url, 'GET', path);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/html/);
    expect(result.text).toContain('<title>');
    expect(result.text).toContain('<div id="root">');
    expect(result.headers.get('cache-control')).toBe('no-cache');
  });

  test('a hashed asset is served with its type and a long cache', async () => {
    const result = await call(server.url, 'GET', '/assets/app-abc123.js');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/javascript/);
    expect(result.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(result.text).toBe('console.log("app");');
  });

  test('a missing asset is a 404, not the index page', async () => {
    const result = await call(server.url, 'GET', '/assets/missing.js');
    expect(result.status).toBe(404);
    expect(result.text).not.toContain('<div id="root">');
  });

  test('the sandbox’s paths never fall back to the console', async () => {
    for (const path of ['/sandbox/checkout', '/psp/v2/', '/sandbox/anything']) {
      const result = await call(server.url, 'GET', path, { token: 'dev-token' });
      expect(result.status, path).toBe(404);
      expect(result.json, path).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
  });

  test('without a built console, / says to run the build', async () => {
    const result = await call(bare.url, 'GET', '/orders/abc');
    expect(result.status).toBe(200);
    expect(result.text).toContain('npm run build');
  });

  test('one log line per request, METHOD path status ms, never the query string', async () => {
    const before = logLines.length;
    await call(server.url, 'GET', '/orders?q=secret-query');
    const mine = logLines.slice(before);
    expect(mine).toEqual([expect.stringMatching(/^GET \/orders 200 \d+ms$/)]);
  });
});

describe('security headers on the console’s answers', () => {
  test.each([
    ['console index', '/'],
    ['console route', '/orders/3b241101-e2bb-4255-8caf-4136c566a962'],
    ['console settings', '/settings'],
    ['console asset', '/assets/app-abc123.js'],
    ['missing asset', '/assets/missing.js'],
    ['the server’s config', '/console-config.json'],
  ])('%s', async (_name, path) => {
    const result = await call(server.url, 'GET', path);
    expect(result.status).toBeLessThan(500);
    expect(result.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(result.headers.get('x-content-type-options')).toBe('nosniff');
    expect(result.headers.get('referrer-policy')).toBe('no-referrer');
    expect(result.headers.get('x-frame-options')).toBe('DENY');
  });

  test('the console page has no inline script or inline event handler the policy would block', async () => {
    const html = (await call(server.url, 'GET', '/orders')).text;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', content = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/[^"/]/);
      expect(content.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});

/** A GET with the request target exactly as written (fetch would resolve the dot segments first). */
function rawGet(path: string): Promise<{ status: number; text: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the static console cannot be walked out of', () => {
  test.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    '/.%2e/secret.txt',
    '/assets/app.js%00.html',
    '/secret.txt',
    '/..%2f..%2fetc%2fpasswd',
  ])('%s', async (path) => {
    const answer = await rawGet(path);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toContain('TOP-SECRET');
    expect(answer.text).not.toMatch(/root:[^:]*:0:0:/);
  });
});
