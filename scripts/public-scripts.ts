import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minifySync } from 'rolldown/experimental';
import type { Plugin } from 'vite';

// public/boot.js, intl-warm.js and after-paint.js are written for the people who read them: a line of comment
// for every step. Every page loads boot.js before it paints (the initial bytes' budget), so the build
// ships them minified, by the minifier that minifies the app's chunks (Oxc, in rolldown, Vite's
// bundler; the saving: docs/performance.md). Names the app or the server read (window's
// __orderConsole* properties, the meta's name, storage keys) are properties and strings, which
// minifying keeps.

export const PUBLIC_SCRIPTS = ['boot.js', 'intl-warm.js', 'after-paint.js'];

/** The script as the build ships it; a script the minifier cannot read fails the build. */
export function minifyPublicScript(file: string, source: string): string {
  const { code, errors } = minifySync(file, source, { compress: true, mangle: true });
  if (errors.length > 0) throw new Error(`${file}: ${errors.map((error) => error.message).join('; ')}`);
  return code;
}

export function minifyPublicScripts(files: readonly string[] = PUBLIC_SCRIPTS): Plugin {
  return {
    name: 'order-console:minify-public-scripts',
    apply: 'build',
    // Before precompress (its twins are made from what this writes).
    writeBundle: {
      order: 'pre',
      async handler(options) {
        if (options.dir === undefined) throw new Error('minify-public-scripts needs build.outDir');
        for (const file of files) {
          const path = join(options.dir, file);
          await writeFile(path, minifyPublicScript(file, await readFile(path, 'utf8')));
        }
      },
    },
  };
}
