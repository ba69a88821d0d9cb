import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { z } from 'zod';

// The Node side of page/probe.js: open a page with the probe installed, read what it collected.

const PROBE_PATH = fileURLToPath(new URL('./page/probe.js', import.meta.url));

export interface ProbeConfig {
  watchRows?: boolean;
  /** sessionStorage entries written before the app starts (a form draft). */
  sessionStorage?: Record<string, string>;
}

export const probeStateSchema = z.object({
  lcp: z.array(z.object({ t: z.number(), size: z.number(), tag: z.string().nullable() })),
  fcp: z.number().nullable(),
  events: z.array(z.object({ name: z.string(), start: z.number(), duration: z.number(), interactionId: z.number() })),
  longtasks: z.array(z.object({ start: z.number(), duration: z.number() })),
  keystrokes: z.array(z.object({ key: z.string(), t0: z.number(), next: z.number().nullable() })),
  firstRowAt: z.number().nullable(),
});
export type ProbeState = z.infer<typeof probeStateSchema>;

export interface ProbePage {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

/** A fresh context (empty cache and storage) with the HTTP cache disabled, as DevTools does. */
export async function openProbePage(browser: Browser, config: ProbeConfig = {}): Promise<ProbePage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  // A string, not a function: tsx may wrap functions in helpers that do not exist in the page.
  const storage = Object.entries(config.sessionStorage ?? {})
    .map(([key, value]) => `try { sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)}); } catch {}`)
    .join('\n');
  await page.addInitScript({ content: `window.__benchConfig = ${JSON.stringify({ watchRows: config.watchRows === true })};\n${storage}` });
  await page.addInitScript({ path: PROBE_PATH });
  return { context, page, close: () => context.close() };
}

export async function readProbe(page: Page): Promise<ProbeState> {
  return probeStateSchema.parse(await page.evaluate('window.__bench.state'));
}
