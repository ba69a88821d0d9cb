import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { build } from 'vite';
import { z } from 'zod';
import { INTL_COOKIE, orderServicePaths } from '../src/contract/paths.ts';
import type { ChildServer } from './child.ts';
import { startChild } from './child.ts';
import { CONSOLE_DIST, OUT_DIR, REPO_ROOT } from './build.ts';
import { minimalCreateBody } from './fixtures.ts';
import type { BrowserCookie } from './probe.ts';
import { openProbePage, readProbe, waitForProbe } from './probe.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { median } from './stats.ts';
import { CPU_TRACE_CATEGORIES, mainThreadCpu } from './trace-cpu.ts';

// Budget 1 (team mode, D16): /orders (the team order index, 50 orders) and a cold
// /orders/{id}, signed in as an agent, arrive rendered by the console server with their data
// (src/server/ssr/); the figure is their Largest Contentful Paint against the bare page's (bench/hello)
// LCP, cold loads (new context, HTTP cache off) taken in turn, a warm-up round not counted, median.
// Each load checks that its HTML held the data (the external id of an order in it): a load that fell
// back to the browser fetching is counted and reported. Beside it, main-thread CPU to the LCP from
// traced loads (what the ratio tends to on an idle machine).
//
// Alone: `npx tsx bench/team-content.ts [--runs N]` (builds into bench/out/ first).

export const TEAM_CONTENT_RATIO_BUDGET = 1.2;
export const TEAM_SSR_DIST = `${OUT_DIR}/console-ssr`;
const TEAM_ENTRY = fileURLToPath(new URL('./team-entry.ts', import.meta.url));
const AGENT = { email: 'bench-agent@example.com', password: 'bench-team-password-2718' } as const;
const ORDERS = 50;
const CPU_TRACE_RUNS = 3;

export interface TeamTarget {
  teamUrl: string;
  helloUrl: string;
  /** The session cookie's name=value. */
  session: string;
  orderId: string;
  /** External ids the list's HTML must show (any one), and the order's. */
  listMarker: string;
  orderMarker: string;
}

export interface TeamSample {
  /** Navigation start to the data (an order's external id) painted: seen in the DOM, then the next frame. */
  content: number;
  lcp: number;
  fcp: number;
  /** Navigation start to the HTML's first byte (the server's read and render are in it). */
  ttfb: number;
  lcpTag: string | null;
  /** The HTML held the page's data. */
  rendered: boolean;
  cpuMs: number;
}

export interface TeamContentResult {
  hello: TeamSample[];
  list: TeamSample[];
  order: TeamSample[];
  cpu: { hello: number[]; list: number[]; order: number[] };
}

/** `vite build --ssr` of the team pages' renderer into bench/out/console-ssr. */
export async function buildTeamRenderer(): Promise<void> {
  await build({ root: REPO_ROOT, logLevel: 'warn', build: { ssr: 'src/console/team-render.tsx', outDir: TEAM_SSR_DIST, emptyOutDir: true, copyPublicDir: false } });
}

export function startTeamConsole(): Promise<ChildServer> {
  return startChild(TEAM_ENTRY, {
    BENCH_STATIC: CONSOLE_DIST,
    BENCH_SSR: `${TEAM_SSR_DIST}/team-render.js`,
    BENCH_AGENT_EMAIL: AGENT.email,
    BENCH_AGENT_PASSWORD: AGENT.password,
  });
}

const contentSchema = z.object({ inDom: z.number().nullable(), painted: z.number().nullable() });
const idSchema = z.object({ id: z.string(), external_id: z.string().optional() });

/** Signs the agent in and creates the orders through the console (so the team index holds them). */
export async function seedTeam(teamUrl: string, helloUrl: string): Promise<TeamTarget> {
  const signIn = await fetch(`${teamUrl}/auth/sign-in`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: teamUrl }, body: JSON.stringify(AGENT) });
  const session = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!signIn.ok || session === '') throw new Error(`bench agent could not sign in (${signIn.status})`);
  let orderId = '';
  for (let n = 0; n < ORDERS; n++) {
    const response = await fetch(`${teamUrl}/env/sandbox${orderServicePaths.orderCreate()}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: teamUrl, Cookie: session },
      body: JSON.stringify(minimalCreateBody(`team-${n}`)),
    });
    if (response.status !== 201) throw new Error(`creating order ${n} answered ${response.status}`);
    orderId = idSchema.parse(await response.json()).id;
  }
  // The index learns of a create just after answering it: asked until it holds the last one (bounded).
  const marker = `team-${ORDERS - 1}`;
  for (let attempt = 0; ; attempt++) {
    const found = await fetch(`${teamUrl}/api/orders/search?q=${marker}&env=sandbox`, { headers: { Cookie: session } });
    if ((await found.text()).includes(marker)) break;
    if (attempt >= 50) throw new Error('the team index never showed the seeded orders');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { teamUrl, helloUrl, session, orderId, listMarker: marker, orderMarker: marker };
}

/**
 * The cookies a signed-in browser has on the team console: its session, and its locale and time zone
 * as the app would have told the server on an earlier page (the server renders only with them).
 */
export async function teamBrowserCookies(browser: Browser, teamUrl: string, session: string): Promise<BrowserCookie[]> {
  const probe = await openProbePage(browser);
  try {
    const intl: unknown = await probe.page.evaluate('(() => { const o = new Intl.DateTimeFormat().resolvedOptions(); return o.locale + "|" + o.timeZone; })()');
    const [name = '', value = ''] = session.split('=');
    // For the whole origin, as the server sets them: Playwright gives a cookie set for a URL that
    // URL's directory as its path, so /orders/{id}'s would have been sent to /orders/ only, and the
    // page's own requests (/api/…, /env/…) went out signed out ("Sign in again" became its LCP).
    const site = new URL('/', teamUrl).href;
    return [
      { name, value, url: site },
      { name: INTL_COOKIE, value: encodeURIComponent(String(intl)), url: site },
    ];
  } finally {
    await probe.close();
  }
}

async function loadOnce(browser: Browser, url: string, signedIn: { cookies: BrowserCookie[]; marker: string } | null, trace: boolean): Promise<TeamSample> {
  const probe = await openProbePage(browser, signedIn === null ? {} : { cookies: signedIn.cookies });
  try {
    const { page } = probe;
    if (signedIn !== null) {
      // As the content section does: the data's insertion seen by a MutationObserver (the parser's too:
      // this runs before the document), painted at the next frame (rAF, then a posted message).
      await page.addInitScript({
        content: `(() => {
          const marker = ${JSON.stringify(signedIn.marker)};
          window.__teamContent = { inDom: null, painted: null };
          const observer = new MutationObserver((records) => {
            for (const record of records) for (const node of record.addedNodes) {
              if (window.__teamContent.inDom === null && (node.textContent || '').includes(marker)) {
                window.__teamContent.inDom = performance.now();
                observer.disconnect();
                requestAnimationFrame(() => { const channel = new MessageChannel(); channel.port1.onmessage = () => { window.__teamContent.painted = performance.now(); }; channel.port2.postMessage(0); });
                return;
              }
            }
          });
          observer.observe(document, { childList: true, subtree: true });
        })();`,
      });
    }
    if (trace) await browser.startTracing(page, { categories: CPU_TRACE_CATEGORIES });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 90_000 });
    const html = (await response?.text()) ?? '';
    await page.waitForLoadState('networkidle', { timeout: 90_000 });
    await waitForProbe(probe, 'window.__bench.state.lcp.length > 0', 30_000).catch(() => undefined);
    const state = await readProbe(page);
    const last = state.lcp.at(-1);
    const lcp = last?.t ?? Number.NaN;
    const traced: unknown = trace ? JSON.parse((await browser.stopTracing()).toString('utf8')) : null;
    const rendered = signedIn === null || (html.includes('data-server-rendered') && html.includes(signedIn.marker));
    const content = signedIn === null ? lcp : contentSchema.parse(await page.evaluate('window.__teamContent')).painted ?? Number.NaN;
    const cpuMs = trace ? mainThreadCpu(traced, url, content).cpuMs : Number.NaN;
    const ttfb = Number(await page.evaluate("performance.getEntriesByType('navigation')[0]?.responseStart ?? NaN"));
    return { content, lcp, fcp: state.fcp ?? Number.NaN, ttfb, lcpTag: last?.tag ?? null, rendered, cpuMs };
  } finally {
    await probe.close();
  }
}

const heapSchema = z.object({ usedSize: z.number() });

/**
 * The JS heap in use (CDP Runtime.getHeapUsage, no forced GC) once team mode's /orders has painted its
 * rows and the network has been idle, as the heap section measures personal mode's: cold loads, signed in.
 */
export async function measureTeamHeap(browser: Browser, target: TeamTarget, runs: number): Promise<number[]> {
  const cookies = await teamBrowserCookies(browser, target.teamUrl, target.session);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const probe = await openProbePage(browser, { cookies, watchContent: true, contentText: target.listMarker });
    try {
      await probe.page.goto(`${target.teamUrl}/orders`, { waitUntil: 'commit', timeout: 60_000 });
      await waitForProbe(probe, 'window.__bench.state.content?.painted != null', 90_000);
      // The server's rows paint before the app has run (public/after-paint.js starts it): the heap is
      // the page's once the app has hydrated it (<html data-app>) and the network is idle.
      await waitForProbe(probe, "document.documentElement.hasAttribute('data-app')", 90_000);
      await probe.page.waitForLoadState('networkidle', { timeout: 90_000 });
      samples.push(heapSchema.parse(await probe.cdp.send('Runtime.getHeapUsage')).usedSize);
    } finally {
      await probe.close();
    }
  }
  return samples;
}

export async function measureTeamContent(browser: Browser, target: TeamTarget, runs: number): Promise<TeamContentResult> {
  const listUrl = `${target.teamUrl}/orders`;
  const orderUrl = `${target.teamUrl}/orders/${target.orderId}`;
  // Told once, in a page of its own: the measured page's renderer gets no Intl work done before it.
  const cookies = await teamBrowserCookies(browser, target.teamUrl, target.session);
  const result: TeamContentResult = { hello: [], list: [], order: [], cpu: { hello: [], list: [], order: [] } };
  for (let run = 0; run <= runs; run++) {
    const hello = await loadOnce(browser, target.helloUrl, null, false);
    const list = await loadOnce(browser, listUrl, { cookies, marker: target.listMarker }, false);
    const order = await loadOnce(browser, orderUrl, { cookies, marker: target.orderMarker }, false);
    if (run === 0) continue;
    result.hello.push(hello);
    result.list.push(list);
    result.order.push(order);
  }
  for (let run = 0; run < CPU_TRACE_RUNS; run++) {
    result.cpu.hello.push((await loadOnce(browser, target.helloUrl, null, true)).cpuMs);
    result.cpu.list.push((await loadOnce(browser, listUrl, { cookies, marker: target.listMarker }, true)).cpuMs);
    result.cpu.order.push((await loadOnce(browser, orderUrl, { cookies, marker: target.orderMarker }, true)).cpuMs);
  }
  return result;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export function teamContentFigures(result: TeamContentResult): Figure[] {
  const hello = median(result.hello.map((s) => s.lcp));
  const helloCpu = median(result.cpu.hello);
  const figures: Figure[] = [];
  for (const [what, samples, cpu] of [
    ['/orders (team index, 50 orders)', result.list, result.cpu.list],
    ['cold /orders/{id}', result.order, result.cpu.order],
  ] as const) {
    const content = median(samples.map((s) => s.content));
    const lcp = median(samples.map((s) => s.lcp));
    const rendered = samples.filter((s) => s.rendered).length;
    const tags = [...new Set(samples.map((s) => s.lcpTag ?? '?'))].join('/');
    figures.push(
      budgeted(
        `team content: ${what} / hello LCP`,
        content / hello,
        'x',
        '<=',
        TEAM_CONTENT_RATIO_BUDGET,
        `data painted at ${ms(content)} (first byte of the HTML ${ms(median(samples.map((s) => s.ttfb)))}, FCP ${ms(median(samples.map((s) => s.fcp)))}) vs hello's LCP ${ms(hello)} (its first byte ${ms(median(result.hello.map((s) => s.ttfb)))}); median of ${samples.length}; data in the HTML in ${rendered} of ${samples.length} loads`,
      ),
      info(`team content: ${what}, LCP / hello LCP`, lcp / hello, 'x', `the page's own LCP ${ms(lcp)} (element ${tags}): later, larger paints of the page count there`),
      info(`team content: ${what}, main-thread CPU / hello's`, median(cpu) / helloCpu, 'x', `${ms(median(cpu))} of CPU on the main thread to the data painted vs hello's ${ms(helloCpu)} to its LCP (traced loads, median of ${cpu.length})`),
    );
  }
  figures.push(info('team content: hello LCP', hello, 'ms', `FCP ${ms(median(result.hello.map((s) => s.fcp)))}`));
  return figures;
}

async function main(): Promise<void> {
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;
  const { buildConsole, buildHello, HELLO_DIST } = await import('./build.ts');
  const { startSandbox } = await import('./servers.ts');
  const { launchBrowser } = await import('./browser.ts');
  const { formatTable } = await import('./report.ts');
  await buildConsole();
  await buildHello();
  await buildTeamRenderer();
  const team = await startTeamConsole();
  const hello = await startSandbox(HELLO_DIST);
  const browser = await launchBrowser();
  try {
    const target = await seedTeam(team.url, `${hello.url}/`);
    const result = await measureTeamContent(browser, target, runs);
    const figures = teamContentFigures(result);
    console.info(formatTable(figures));
    for (const figure of figures) if (figure.note !== undefined) console.info(`${figure.name}: ${figure.note}`);
  } finally {
    await browser.close();
    await team.stop();
    await hello.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
