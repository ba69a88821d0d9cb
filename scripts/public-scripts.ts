import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

// public/boot.js and public/intl-warm.js are written for the people who read them: a line of comment
// for every step. Every page loads boot.js before it paints (issue 27's initial bytes), so the build
// ships them without their comment lines and indentation. Only whole lines go: a line whose code
// starts with // (these scripts hold no template literals, in which such a line could be text).

export const PUBLIC_SCRIPTS = ['boot.js', 'intl-warm.js'];

/** The script without its comment lines, blank lines and leading indentation. */
export function withoutCommentLines(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trimStart())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

export function stripPublicScripts(files: readonly string[] = PUBLIC_SCRIPTS): Plugin {
  return {
    name: 'order-console:strip-public-scripts',
    apply: 'build',
    // Before precompress (its twins are made from what this writes).
    writeBundle: {
      order: 'pre',
      async handler(options) {
        if (options.dir === undefined) throw new Error('strip-public-scripts needs build.outDir');
        for (const file of files) {
          const path = join(options.dir, file);
          const source = await readFile(path, 'utf8');
          if (source.includes('`')) throw new Error(`${file} holds a template literal: its lines cannot be stripped safely`);
          await writeFile(path, withoutCommentLines(source));
        }
      },
    },
  };
}
