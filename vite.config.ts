import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sandboxUrl = process.env['SANDBOX_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // zod serves the lazy pages only; without its own group the bundler merged it into a chunk
        // the shell loads, putting 24 KB gzip on the first screen (issue 6 budget).
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/psp': { target: sandboxUrl, changeOrigin: false },
      '/sandbox': { target: sandboxUrl, changeOrigin: false },
      '/openapi.json': { target: sandboxUrl, changeOrigin: false },
    },
  },
});
