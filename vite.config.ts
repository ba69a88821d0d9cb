import { execFileSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig, runnerImport } from 'vite';
import { compileHints } from './scripts/compile-hints.ts';
import { FIRST_SCREENS, firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadFirstScreen } from './scripts/preload-first-screen.ts';
import { minifyPublicScripts } from './scripts/public-scripts.ts';

const firstScreen = firstScreenChunks();
// The chunks /orders runs nearly all of before its rows show, compiled eagerly off the main thread
// (scripts/compile-hints.ts). Measured on cold /orders (50 orders), main-thread CPU to content went
// from ~141 to ~118 ms; the JS heap grew ~0.3 MB. Not the order page's chunk: /orders loads it too,
// after its content (the header's faults indicator), where eager code would be heap and no gain.
const EAGER_CHUNKS = ['react-dom', 'shell', 'orders-first-screen'];
const sandboxUrl = process.env['SANDBOX_URL'] ?? 'http://127.0.0.1:8080';

/**
 * Builds put the orders page's first screen into index.html as HTML (src/console/prerender.tsx):
 * it paints before any script runs. The dev server leaves the placeholder empty.
 */
function prerenderOrdersFrame(): Plugin {
  return {
    name: 'order-console:prerender-orders-frame',
    apply: 'build',
    async transformIndexHtml(html) {
      const { module } = await runnerImport<{ renderOrdersFrame: () => string }>('/src/console/prerender.tsx', {
        configFile: false,
        logLevel: 'warn',
      });
      const placeholder = '<div id="root"><!--prerendered-frame--></div>';
      if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
      return html.replace(placeholder, `<div id="root" data-prerendered>${module.renderOrdersFrame()}</div>`);
    },
  };
}

/** The commit a build is made from, for the Scenarios page's report (src/console/features/scenarios/build-info.ts). */
function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return process.env['GITHUB_SHA'] ?? 'unknown';
  }
}

// isSsrBuild: the team-mode renderer for Node (`vite build --ssr src/console/team-render.tsx`): one
// module graph for the server, so no browser chunks, no pre-rendered frame, no public/ and no twins.
export default defineConfig(({ command, isSsrBuild = false }) => ({
  // precompress: brotli and gzip twins of every text file, which the sandbox sends by Accept-Encoding.
  plugins: isSsrBuild ? [react()] : [react(), prerenderOrdersFrame(), firstScreen.plugin, compileHints(EAGER_CHUNKS), preloadFirstScreen(['orders-first-screen']), minifyPublicScripts(), precompress()],
  define: command === 'build' ? { 'import.meta.env.VITE_CONSOLE_COMMIT': JSON.stringify(gitCommit()) } : {},
  build: {
    outDir: 'dist',
    // Written for the build machine (stack traces), not referenced by the bundle; the server never sends them.
    sourcemap: 'hidden',
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // What each first screen needs, as few chunks (scripts/first-screen-chunks.ts, issue 27).
            codeSplitting: { includeDependenciesRecursively: false, groups: FIRST_SCREENS.map(({ name }, i) => ({ name, test: firstScreen.test(name), priority: FIRST_SCREENS.length - i })) },
          },
        },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/psp': { target: sandboxUrl, changeOrigin: false },
      '/sandbox': { target: sandboxUrl, changeOrigin: false },
      '/openapi.json': { target: sandboxUrl, changeOrigin: false },
      '/console-config.json': { target: sandboxUrl, changeOrigin: false },
    },
  },
}));
