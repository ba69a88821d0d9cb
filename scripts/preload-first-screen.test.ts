import type { Rollup } from 'vite';
import { expect, test } from 'vitest';
import { preloadTags } from './preload-first-screen.ts';

// A bundle as Vite hands it to transformIndexHtml: the list's chunk, with the stylesheet Vite
// extracted for it, among others.
const chunk = (name: string, fileName: string, importedCss: string[]) => ({ type: 'chunk', name, fileName, viteMetadata: { importedCss: new Set(importedCss), importedAssets: new Set() } }) as unknown as Rollup.OutputChunk;
const bundle: Rollup.OutputBundle = {
  'assets/shell-a1.js': chunk('shell', 'assets/shell-a1.js', ['assets/shell-a1.css']),
  'assets/orders-first-screen-b2.js': chunk('orders-first-screen', 'assets/orders-first-screen-b2.js', ['assets/orders-first-screen-c3.css']),
  'assets/settings-page-d4.js': chunk('settings-page', 'assets/settings-page-d4.js', []),
};

test('the named chunk is fetched while the page parses, with the CORS mode of the module scripts; its stylesheet is left to the loader', () => {
  expect(preloadTags(bundle, ['orders-first-screen'])).toEqual([{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: '', href: '/assets/orders-first-screen-b2.js' }, injectTo: 'head' }]);
});

test('a chunk the build no longer has stops the build, rather than silently preloading nothing', () => {
  expect(() => preloadTags(bundle, ['orders-page'])).toThrow(/no chunk named orders-page/);
});
