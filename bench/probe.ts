import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { z } from 'zod';

// The Node side of page/probe.js: open a page with the probe installed, read what it collected.

const PROBE_PATH = fileURLToPath(new URL('./page/probe.js', import.meta.url));

export interface ProbeConfig {
  watchRows?: boolean;
  /** Record when the orders list's first row or its empty state is first painted. */
  watchContent?: boolean;
  /** With watchContent: content is this text on the page instead of the console's row or empty state (issue 27's peers). */
  contentText?: string;
  /** With watchContent: the content is an order page's heading with this text, not the list. */
  orderHeading?: string;
  /** sessionStorage entries written before the app starts (a form draft, a token). */
  sessionStorage?: Record<string, string>;
  /** Chrome's network emulation (CDP), e.g. THROTTLED; none by default. */
  network?: NetworkConditions;
  /** Cookies the browser has before the page opens (a team session, the locale it told the server). */
  cookies?: readonly BrowserCookie[];
}

/** A cookie for a site's whole origin (`url` is the origin's root). */
export interface BrowserCookie {
  name: string;
  value: string;
  url: string;
}

export interface NetworkConditions {
  /** Added to each request's time to response headers, in ms (CDP's "latency": a round trip). */
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

/** Issue 17's throttled profile: 10 Mbit/s, 40 ms RTT. */
export const THROTTLED: NetworkConditions = { latencyMs: 40, downloadBitsPerSecond: 10_000_000, uploadBitsPerSecond: 10_000_000 };

export const probeStateSchema = z.object({
  lcp: z.array(z.object({ t: z.number(), size: z.number(), tag: z.string().nullable() })),
  fcp: z.number().nullable(),
  events: z.array(z.object({ name: z.string(), start: z.number(), duration: z.number(), interactionId: z.number() })),
  longtasks: z.array(z.object({ start: z.number(), duration: z.number() })),
  keystrokes: z.array(z.object({ key: z.string(), t0: z.number(), next: z.number().nullable() })),
  firstRowAt: z.number().nullable(),
  content: z.object({ kind: z.string(), inDom: z.number(), painted: z.number().nullable() }).nullable(),
});
export type ProbeState = z.infer<typeof probeStateSchema>;

export interface ProbePage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  close: () => Promise<void>;
}

/** A fresh context (empty cache and storage) with the HTTP cache disabled, as DevTools does. */
export async function openProbePage(browser: Browser, config: ProbeConfig = {}): Promise<ProbePage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (config.cookies !== undefined) await context.addCookies([...config.cookies]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (config.network !== undefined) {
    const { latencyMs, downloadBitsPerSecond, uploadBitsPerSecond } = config.network;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: latencyMs,
      downloadThroughput: downloadBitsPerSecond / 8,
      uploadThroughput: uploadBitsPerSecond / 8,
    });
  }
  // A string, not a function: tsx may wrap functions in helpers that do not exist in the page.
  const storage = Object.entries(config.sessionStorage ?? {})
    .map(([key, value]) => `try { sessionStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)}); } catch {}`)
    .join('\n');
  await page.addInitScript({ content: `window.__benchConfig = ${JSON.stringify({ watchRows: config.watchRows === true, watchContent: config.watchContent === true, contentText: config.contentText ?? null, orderHeading: config.orderHeading ?? null })};\n${storage}` });
  await page.addInitScript({ path: PROBE_PATH });
  return { context, page, cdp, close: () => context.close() };
}

export async function readProbe(page: Page): Promise<ProbeState> {
  return probeStateSchema.parse(await page.evaluate('window.__bench.state'));
}

const evaluateSchema = z.object({ result: z.object({ value: z.unknown().optional() }), exceptionDetails: z.unknown().optional() });

/**
 * Until `expression` (a boolean expression read in the page) is true. Asked in the page's own world
 * through CDP (which the page's CSP does not govern: page.waitForFunction evals its string inside the
 * page, and the console's script-src 'self' refuses that) and polled by the page itself, a timer every
 * 25 ms. Not Playwright's page.evaluate either: its first call injects Playwright's utility script,
 * which reads globalThis.Temporal (for its clock) and so made a cold renderer set up Temporal, ~10 ms
 * of main thread (Chrome profile), in the middle of the load being measured. The hello page, waited
 * for by its load event, paid none of it.
 */
export async function waitForProbe(probe: ProbePage, expression: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const poll = `new Promise((resolve) => {
    const until = performance.now() + ${Math.max(0, Math.round(timeoutMs))};
    const check = () => {
      let met = false;
      try { met = (${expression}) === true; } catch {}
      if (met) resolve(true);
      else if (performance.now() > until) resolve(false);
      else setTimeout(check, 25);
    };
    check();
  })`;
  for (;;) {
    try {
      const answer = evaluateSchema.parse(await probe.cdp.send('Runtime.evaluate', { expression: poll, awaitPromise: true, returnByValue: true }));
      if (answer.result.value === true) return;
    } catch {
      // The document went (a navigation under way) before the page answered: ask the next one.
    }
    if (performance.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${expression}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
