import { existsSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { chromium } from '@playwright/test';

// Debian's Chromium (or the one named by PLAYWRIGHT_CHROMIUM_EXECUTABLE). The bench never downloads
// a browser; Playwright's own is used only when it is already installed.

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env['PLAYWRIGHT_CHROMIUM_EXECUTABLE'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumExecutable();
  return chromium.launch({ headless: true, args: CHROMIUM_ARGS, ...(executablePath !== undefined && { executablePath }) });
}
