import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { openProbePage, readProbe, waitForProbe } from './probe.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { median } from './stats.ts';

// Figure 2: cold load (fresh context, HTTP cache off) to Largest Contentful Paint, the console's
// /orders against the hello page, served the same way. Runs alternate so a busy moment on the
// machine hits both; the first pair warms the servers and is not counted.

export const LOAD_RATIO_BUDGET = 1.5;

export interface LoadSample {
  lcp: number;
  fcp: number;
  lcpTag: string | null;
  /** gzip KB of the JS and CSS files the page fetched from /assets/. */
  fetchedKb: number;
}

async function loadOnce(browser: Browser, url: string, distDir: string): Promise<LoadSample> {
  const probe = await openProbePage(browser);
  try {
    const assets = new Set<string>();
    probe.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/^\/assets\/.+\.(js|css)$/.test(path)) assets.add(path.slice(1));
    });
    await probe.page.goto(url, { waitUntil: 'load' });
    // LCP can move to content that arrives with data; no request for 500 ms means it has. On a
    // busy machine the first paint can come later still: wait for it rather than read nothing.
    await probe.page.waitForLoadState('networkidle');
    await waitForProbe(probe, 'window.__bench.state.lcp.length > 0', 30_000).catch(() => undefined);
    const state = await readProbe(probe.page);
    const last = state.lcp.at(-1);
    const bytes = [...assets].reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file))).byteLength, 0);
    return { lcp: last?.t ?? Number.NaN, fcp: state.fcp ?? Number.NaN, lcpTag: last?.tag ?? null, fetchedKb: bytes / 1024 };
  } finally {
    await probe.close();
  }
}

export interface LoadResult {
  console: LoadSample[];
  hello: LoadSample[];
}

export async function measureLoad(
  browser: Browser,
  target: { consoleUrl: string; consoleDist: string; helloUrl: string; helloDist: string },
  runs: number,
): Promise<LoadResult> {
  const result: LoadResult = { console: [], hello: [] };
  for (let run = 0; run <= runs; run++) {
    const hello = await loadOnce(browser, target.helloUrl, target.helloDist);
    const consoleSample = await loadOnce(browser, target.consoleUrl, target.consoleDist);
    if (run === 0) continue;
    result.hello.push(hello);
    result.console.push(consoleSample);
  }
  return result;
}

const countValid = (samples: readonly LoadSample[]) => samples.filter((s) => !Number.isNaN(s.lcp)).length;

export function loadFigures(result: LoadResult): Figure[] {
  const lcp = median(result.console.map((s) => s.lcp));
  const helloLcp = median(result.hello.map((s) => s.lcp));
  const tags = [...new Set(result.console.map((s) => s.lcpTag ?? '?'))].join('/');
  return [
    budgeted('load: /orders LCP / hello LCP', lcp / helloLcp, 'x', '<=', LOAD_RATIO_BUDGET, `median of ${countValid(result.console)} and ${countValid(result.hello)} cold loads`),
    info('load: /orders LCP', lcp, 'ms', `LCP element ${tags}`),
    info('load: hello LCP', helloLcp, 'ms'),
    info('load: /orders FCP', median(result.console.map((s) => s.fcp)), 'ms'),
    info('load: /orders JS+CSS fetched (gzip)', median(result.console.map((s) => s.fetchedKb)), 'KB', 'initial files plus the /orders route chunks'),
  ];
}
