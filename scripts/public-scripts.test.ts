import { readFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { expect, test } from 'vitest';
import { PUBLIC_SCRIPTS, withoutCommentLines } from './public-scripts.ts';

// The build ships public/boot.js and intl-warm.js without their comment lines (public-scripts.ts);
// every e2e spec runs the stripped boot.js. Here: each still compiles, keeps every line of code, and
// loses every comment line.

test.each(PUBLIC_SCRIPTS)('%s keeps its code and compiles without its comment lines', (file) => {
  const source = readFileSync(new URL(`../public/${file}`, import.meta.url), 'utf8');
  const stripped = withoutCommentLines(source);
  expect(() => new Script(stripped, { filename: file })).not.toThrow();
  const code = source.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('//'));
  expect(stripped.split('\n')).toEqual(code);
  expect(stripped).not.toMatch(/^\s*\/\//m);
  expect(stripped.length).toBeLessThan(source.length * 0.7);
});

test('a line of code is never taken for a comment', () => {
  expect(withoutCommentLines("  var url = '//cdn.example/x'; // not a comment line\n  // a comment line\n")).toBe("var url = '//cdn.example/x'; // not a comment line");
});
