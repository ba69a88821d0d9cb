import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const sandboxUrl = process.env['SANDBOX_URL'] ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/psp': { target: sandboxUrl, changeOrigin: false },
      '/sandbox': { target: sandboxUrl, changeOrigin: false },
      '/openapi.json': { target: sandboxUrl, changeOrigin: false },
    },
  },
});
