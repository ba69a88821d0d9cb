import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import type { LaunchOptions } from '@playwright/test';

// The browser (exported by order-console/testing too): Debian's Chromium in CI (no tool may download one there), any Chromium named by
// PLAYWRIGHT_CHROMIUM_EXECUTABLE, else Playwright's own download (a laptop after `npx playwright install`).

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

// A system Chromium runs as root in CI containers (no sandbox there) and must not phone home.
export const SYSTEM_CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export class BrowserNotFoundError extends Error {
  override name = 'BrowserNotFoundError';
}

export function chromiumLaunchOptions(env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  const override = env['PLAYWRIGHT_CHROMIUM_EXECUTABLE']?.trim();
  if (override !== undefined && override !== '') {
    if (!existsSync(override)) {
      throw new BrowserNotFoundError(`e2e: PLAYWRIGHT_CHROMIUM_EXECUTABLE is ${override}, which does not exist`);
    }
    return { executablePath: override, args: SYSTEM_CHROMIUM_ARGS };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: SYSTEM_CHROMIUM_ARGS };
  if (existsSync(chromium.executablePath())) return {};
  throw new BrowserNotFoundError(
    `e2e: no browser found: install Chromium at ${SYSTEM_CHROMIUM} (apt-get install chromium), set PLAYWRIGHT_CHROMIUM_EXECUTABLE, or run npx playwright install chromium`,
  );
}
