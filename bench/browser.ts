import type { Browser } from '@playwright/test';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../src/testing/browser.ts';

// The same browser rules as the e2e suite: Debian's Chromium or PLAYWRIGHT_CHROMIUM_EXECUTABLE, never
// a download; Playwright's own only when it is already installed.
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ headless: true, ...chromiumLaunchOptions() });
}
