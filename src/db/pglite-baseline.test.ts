import { expect, test } from 'vitest';
import { applyEmbeddedDbCompiler } from './pglite-baseline.ts';

test('EMBEDDED_DB_COMPILER takes baseline or optimizing; anything else is refused with what it takes', () => {
  expect(() => applyEmbeddedDbCompiler({ EMBEDDED_DB_COMPILER: 'fast' })).toThrow('EMBEDDED_DB_COMPILER must be "baseline" or "optimizing", not "fast"');
  expect(() => applyEmbeddedDbCompiler({ EMBEDDED_DB_COMPILER: 'x'.repeat(500) })).toThrow(`not "${'x'.repeat(40)}"`);
  for (const value of [undefined, '', 'optimizing', 'baseline']) expect(() => applyEmbeddedDbCompiler({ EMBEDDED_DB_COMPILER: value })).not.toThrow();
});
