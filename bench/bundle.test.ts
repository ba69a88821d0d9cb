import { expect, test } from 'vitest';
import { htmlTags } from './bundle.ts';

test('index.html’s files: scripts and stylesheets load, a preloaded module is fetched alone (its stylesheet comes with its import)', () => {
  const html = [
    '<link rel="stylesheet" crossorigin href="/assets/shell-a.css">',
    '<script src="/boot.js"></script>',
    '<script type="module" crossorigin src="/assets/shell-b.js"></script>',
    '<link rel="modulepreload" crossorigin="" href="/assets/orders-first-screen-c.js">',
    '<link rel="icon" href="/favicon.svg">',
  ].join('\n');
  expect(htmlTags(html)).toEqual({ loaded: ['assets/shell-a.css', 'boot.js', 'assets/shell-b.js'], preloaded: ['assets/orders-first-screen-c.js'] });
});
