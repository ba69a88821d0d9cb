import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    // Two cores shared with a browser and a server in CI: a generous ceiling, so a slow machine
    // never turns into a red run. Tests assert behaviour, not speed (speed is `npm run bench`).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/contract/**/*.test.ts', 'src/sandbox/**/*.test.ts', 'src/scenarios/**/*.test.ts', 'scripts/**/*.test.ts'],
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
