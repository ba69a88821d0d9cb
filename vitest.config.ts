import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/contract/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['src/console/**/*.test.{ts,tsx}'],
          setupFiles: ['src/console/test/setup.ts'],
          globalSetup: ['src/console/test/sandbox-global-setup.ts'],
        },
      },
    ],
  },
});
