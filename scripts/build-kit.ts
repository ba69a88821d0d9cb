import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// Builds order-console/testing into dist-kit (tsconfig.kit.json), then points the declarations'
// relative imports at .js: tsc rewrites `./x.ts` in the JavaScript it emits but not in .d.ts files,
// and a QA project's TypeScript resolves `./x.js` to the `./x.d.ts` beside it.

const OUT = 'dist-kit';
rmSync(OUT, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', 'tsconfig.kit.json'], { stdio: 'inherit' });

function declarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? declarations(join(dir, entry.name)) : entry.name.endsWith('.d.ts') ? [join(dir, entry.name)] : [],
  );
}

for (const file of declarations(OUT)) {
  const text = readFileSync(file, 'utf8');
  const rewritten = text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2');
  if (rewritten !== text) writeFileSync(file, rewritten);
}
console.info(`order-console/testing built into ${OUT}`);
