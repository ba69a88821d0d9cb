import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from 'order-console/testing';

// The console under test: E2E_BASE_URL and E2E_TOKEN (a shared sandbox, staging), else `npm start`
// of the console on this machine (http://127.0.0.1:8080, token dev-token).
export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  reporter: 'list',
  use: {
    baseURL: 'http://127.0.0.1:8080',
    // Debian's /usr/bin/chromium, PLAYWRIGHT_CHROMIUM_EXECUTABLE, else `npx playwright install chromium`.
    launchOptions: chromiumLaunchOptions(),
  },
});
