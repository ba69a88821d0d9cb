import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Rolldown } from 'vite';
import { build } from 'vite';
import { precompress } from '../scripts/precompress.ts';

type OutputAsset = Rolldown.OutputAsset;
type OutputChunk = Rolldown.OutputChunk;

// Both apps are built with Vite's build() in this process: the console with the repo's
// vite.config.ts, the hello baseline with the same React plugin and defaults.

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('./out', import.meta.url));
export const CONSOLE_DIST = `${OUT_DIR}/console`;
export const HELLO_DIST = `${OUT_DIR}/hello`;
const HELLO_ROOT = fileURLToPath(new URL('./hello', import.meta.url));

export interface BuildResult {
  outDir: string;
  chunks: OutputChunk[];
  assets: OutputAsset[];
  ms: number;
}

async function run(config: Parameters<typeof build>[0], outDir: string): Promise<BuildResult> {
  const started = performance.now();
  const result = await build(config);
  const ms = performance.now() - started;
  if (!Array.isArray(result) && !('output' in result)) throw new Error('vite build started a watcher');
  const outputs = Array.isArray(result) ? result : [result];
  const files = outputs.flatMap((o) => o.output);
  return {
    outDir,
    chunks: files.filter((f): f is OutputChunk => f.type === 'chunk'),
    assets: files.filter((f): f is OutputAsset => f.type === 'asset'),
    ms,
  };
}

/** `vite build` of the console into bench/out/console (dist/ is left alone for whoever uses it). */
export function buildConsole(): Promise<BuildResult> {
  return run({ root: REPO_ROOT, logLevel: 'warn', build: { outDir: CONSOLE_DIST, emptyOutDir: true } }, CONSOLE_DIST);
}

export function buildHello(): Promise<BuildResult> {
  return buildPlainApp(HELLO_ROOT, HELLO_DIST);
}

/** A page with no config of its own (hello, the peers of issue 27): the React plugin and Vite's defaults. */
export function buildPlainApp(root: string, outDir: string): Promise<BuildResult> {
  return run(
    {
      configFile: false,
      root,
      logLevel: 'warn',
      // Served the same way as the console: precompressed by the same plugin.
      plugins: [react(), precompress()],
      // The peers are single bundles well over Vite's 500 kB warning: that is what is measured.
      build: { outDir, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 4096 },
    },
    outDir,
  );
}
