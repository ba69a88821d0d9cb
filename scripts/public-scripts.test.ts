import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createContext, Script } from 'node:vm';
import { expect, test } from 'vitest';
import { minifyPublicScript, PUBLIC_SCRIPTS } from './public-scripts.ts';

// The build ships public/boot.js and intl-warm.js minified (public-scripts.ts); every e2e spec runs
// the minified boot.js, and src/console/lib/boot-script.test.ts runs the source in a page. Here: each
// compiles, is smaller, and the minified boot.js still does its job, run in a stand-in page.

const source = (file: string) => readFileSync(new URL(`../public/${file}`, import.meta.url), 'utf8');

test.each(PUBLIC_SCRIPTS)('%s compiles minified, and is smaller by gzip too', (file) => {
  const minified = minifyPublicScript(file, source(file));
  expect(() => new Script(minified, { filename: file })).not.toThrow();
  expect(minified).not.toMatch(/\/\/ /);
  expect(gzipSync(minified).byteLength).toBeLessThan(gzipSync(source(file)).byteLength * 0.6);
});

test('a script the minifier cannot read fails the build instead of shipping', () => {
  expect(() => minifyPublicScript('boot.js', 'var = ;')).toThrow(/boot\.js/);
});

test('the minified boot.js still sends a cold order’s read at once on a sandbox, and leaves the app what it reads', async () => {
  const orderId = '3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f';
  const sent: { url: string; authorization: string | undefined }[] = [];
  const attributes = new Map<string, string>();
  const storage = () => {
    const values = new Map<string, string>();
    return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => values.set(key, value) };
  };
  const page: Record<string, unknown> = {
    location: { pathname: `/orders/${orderId}`, search: '', origin: 'http://127.0.0.1:4173' },
    localStorage: storage(),
    sessionStorage: storage(),
    matchMedia: () => ({ matches: true }),
    document: {
      documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
      querySelector: (selector: string) => (selector === 'meta[name="order-console-config"]' ? { getAttribute: () => '{"mode":"sandbox","development_token":"dev-token"}' } : null),
    },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, authorization: init.headers['Authorization'] });
      return Promise.resolve(new Response('{}'));
    },
    URL,
    URLSearchParams,
    AbortController,
    Response,
    Promise,
    JSON,
  };
  page['window'] = page;
  new Script(minifyPublicScript('boot.js', source('boot.js'))).runInContext(createContext(page));

  expect(sent).toEqual([{ url: `http://127.0.0.1:4173/psp/v2/order/${orderId}/`, authorization: 'Token dev-token' }]);
  expect(attributes.get('data-mantine-color-scheme')).toBe('dark');
  expect(await (page['__orderConsoleOrderRead'] as Promise<{ url: string; token: string }>)).toMatchObject({ url: sent[0]?.url, token: 'dev-token' });
  expect(await ((await page['__orderConsoleConfig']) as Response).json()).toEqual({ mode: 'sandbox', development_token: 'dev-token' });
});
