import type { Browser } from '@playwright/test';
import { z } from 'zod';
import type { ProbeConfig } from '../probe.ts';
import { openProbePage, readProbe, waitForProbe } from '../probe.ts';
import { formatColumns } from '../report.ts';
import { median } from '../stats.ts';
import { CPU_TRACE_CATEGORIES, mainThreadCpu } from '../trace-cpu.ts';

// Issue 27's side-by-side: each app loaded cold (new context, HTTP cache off, bench/probe.ts), the
// apps in turn within each round so a busy moment on the machine hits them all; the first round warms
// the servers and is not counted. Per load: navigation start to the real content painted (the probe's
// MutationObserver, then the next frame; a loader or skeleton is not content), the last LCP entry, and
// the JS heap in use (CDP Runtime.getHeapUsage, no forced GC) once the network is idle. Then a few
// traced rounds apart from the timed ones: the main thread's CPU until the content painted, which a
// busy machine stretches much less than the wall clock (bench/trace-cpu.ts, as the content section).

export interface PeerApp {
  /** Short key: bare, refine, console, react-admin. */
  key: string;
  /** The row's name in the table (issue 27's wording). */
  label: string;
  url: string;
  probe: ProbeConfig;
  /** A page expression true once the app has run, where its content paints before (a server-rendered page): the heap is read after it. */
  ready?: string;
}

export interface PeerSample {
  painted: number;
  kind: string;
  lcp: number;
  lcpTag: string | null;
  heapBytes: number;
}

export interface PeerResult {
  key: string;
  label: string;
  samples: PeerSample[];
  /** Main-thread CPU ms from navigation start to the content painted, one per traced load. */
  cpuMs: number[];
}

const CPU_TRACE_RUNS = 3;

const heapSchema = z.object({ usedSize: z.number() });
const MB = 1024 * 1024;

async function loadOnce(browser: Browser, app: PeerApp, trace = false): Promise<PeerSample & { cpuMs: number }> {
  const probe = await openProbePage(browser, { ...app.probe, watchContent: true });
  try {
    if (trace) await browser.startTracing(probe.page, { categories: CPU_TRACE_CATEGORIES });
    await probe.page.goto(app.url, { waitUntil: 'commit', timeout: 60_000 });
    await waitForProbe(probe, 'window.__bench.state.content?.painted != null', 90_000);
    let cpuMs = Number.NaN;
    if (trace) {
      const events: unknown = JSON.parse((await browser.stopTracing()).toString('utf8'));
      cpuMs = mainThreadCpu(events, app.url, Number(await probe.page.evaluate('window.__bench.state.content.painted'))).cpuMs;
    }
    if (app.ready !== undefined) await waitForProbe(probe, app.ready, 90_000);
    await probe.page.waitForLoadState('networkidle', { timeout: 90_000 });
    const heapBytes = heapSchema.parse(await probe.cdp.send('Runtime.getHeapUsage')).usedSize;
    const state = await readProbe(probe.page);
    const content = state.content;
    if (content?.painted == null) throw new Error(`${app.label}: no content seen`);
    const lcp = state.lcp.at(-1);
    return { painted: content.painted, kind: content.kind, lcp: lcp?.t ?? Number.NaN, lcpTag: lcp?.tag ?? null, heapBytes, cpuMs };
  } finally {
    await probe.close();
  }
}

export async function measurePeers(browser: Browser, apps: readonly PeerApp[], runs: number): Promise<PeerResult[]> {
  const results: PeerResult[] = apps.map((a) => ({ key: a.key, label: a.label, samples: [], cpuMs: [] }));
  for (let run = 0; run <= runs; run++) {
    for (const [i, app] of apps.entries()) {
      const { cpuMs: _untraced, ...sample } = await loadOnce(browser, app);
      if (run > 0) results[i]?.samples.push(sample);
    }
  }
  for (let run = 0; run < Math.min(CPU_TRACE_RUNS, runs); run++) {
    for (const [i, app] of apps.entries()) results[i]?.cpuMs.push((await loadOnce(browser, app, true)).cpuMs);
  }
  return results;
}

export interface PeerRow {
  key: string;
  label: string;
  contentMs: number;
  /** Content time over the bare page's (the result keyed "bare"); NaN without one. */
  ratio: number;
  heapMb: number;
  lcpMs: number;
  /** Main-thread CPU to the content (traced loads), and its ratio to the bare page's. */
  cpuMs: number;
  cpuRatio: number;
  kinds: string;
  runs: number;
}

/** Medians per app, and each app's content time against the bare page's from the same run. */
export function peerRows(results: readonly PeerResult[]): PeerRow[] {
  const bareResult = results.find((r) => r.key === 'bare');
  const bare = median(bareResult?.samples.map((s) => s.painted) ?? []);
  const bareCpu = median(bareResult?.cpuMs ?? []);
  return results.map((r) => {
    const contentMs = median(r.samples.map((s) => s.painted));
    const cpuMs = median(r.cpuMs);
    return {
      key: r.key,
      label: r.label,
      contentMs,
      ratio: contentMs / bare,
      heapMb: median(r.samples.map((s) => s.heapBytes / MB)),
      lcpMs: median(r.samples.map((s) => s.lcp)),
      cpuMs,
      cpuRatio: cpuMs / bareCpu,
      kinds: [...new Set(r.samples.map((s) => s.kind))].join('/'),
      runs: r.samples.length,
    };
  });
}

const fixed = (value: number, digits: number, suffix = '') => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(digits)}${suffix}`);

/** app | content | vs bare | JS heap | LCP | CPU: issue 27's table, as plain text. */
export function formatPeersTable(rows: readonly PeerRow[]): string {
  return formatColumns(
    ['app', 'content (median)', 'vs bare', 'JS heap', 'last LCP entry', 'main-thread CPU to content', 'vs bare'],
    rows.map((r) => [
      r.label,
      `${fixed(r.contentMs, 0, ' ms')} (${r.kinds || 'none'})`,
      fixed(r.ratio, 2, 'x'),
      fixed(r.heapMb, 1, ' MB'),
      fixed(r.lcpMs, 0, ' ms'),
      fixed(r.cpuMs, 0, ' ms'),
      fixed(r.cpuRatio, 2, 'x'),
    ]),
  );
}
