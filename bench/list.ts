import type { Browser } from '@playwright/test';
import { z } from 'zod';
import { openProbePage, readProbe } from './probe.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { median, sleep } from './stats.ts';

// Figure 4: /orders over a sandbox holding 10,000 orders. Time from the first /sandbox/orders
// response (resource timing's responseEnd) to the first data row in the DOM; then the list is
// scrolled to its last row, STEP_PX a frame (a fast scrollbar drag), fetching the pages on the way,
// while long tasks and frame gaps are recorded.

export const FIRST_ROWS_BUDGET_MS = 300;
export const LONG_TASK_BUDGET_MS = 50;
const STEP_PX = 1_500;
const FRAME_MS = 1000 / 60;
const TABLE = '[role="table"][aria-label="All sandbox orders"]';

const resourceSchema = z.array(z.object({ name: z.string(), startTime: z.number(), responseEnd: z.number() }));
const scrollSchema = z.object({
  started: z.number(),
  ended: z.number(),
  timedOut: z.boolean(),
  loaded: z.number(),
  frames: z.number(),
  gaps: z.array(z.number()),
  longtasks: z.array(z.object({ start: z.number(), duration: z.number() })),
});

// The renderer's tasks during the scroll, from a Chrome trace (category "toplevel" only: one event
// per task, little overhead). A long task's wall time includes any time the OS gave the CPU to other
// work; its thread time does not, so the two together tell slow code from a busy machine.
const traceSchema = z.object({
  traceEvents: z.array(
    z.object({ name: z.string(), ph: z.string(), pid: z.number(), tid: z.number(), dur: z.number().optional(), tdur: z.number().optional(), args: z.unknown().optional() }),
  ),
});
const threadNameSchema = z.object({ name: z.string() });

export interface TaskTimes {
  /** Wall-clock ms of the renderer's longest task, and that task's thread (CPU) ms. */
  longestWall: number;
  longestWallCpu: number;
  /** The most CPU any one task used, in ms. */
  longestCpu: number;
}

/** The page's main thread is the renderer main thread that ran the most. */
export function rendererTaskTimes(trace: unknown): TaskTimes {
  const events = traceSchema.parse(trace).traceEvents;
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && threadNameSchema.safeParse(e.args).data?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const tasksByThread = new Map<string, { dur: number; tdur: number }[]>();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mains.has(thread)) continue;
    const tasks = tasksByThread.get(thread) ?? [];
    tasks.push({ dur: (e.dur ?? 0) / 1000, tdur: (e.tdur ?? 0) / 1000 });
    tasksByThread.set(thread, tasks);
  }
  const busiest = [...tasksByThread.values()].sort((a, b) => b.reduce((s, t) => s + t.tdur, 0) - a.reduce((s, t) => s + t.tdur, 0))[0] ?? [];
  const longest = busiest.reduce((a, b) => (b.dur > a.dur ? b : a), { dur: 0, tdur: 0 });
  return { longestWall: longest.dur, longestWallCpu: longest.tdur, longestCpu: Math.max(0, ...busiest.map((t) => t.tdur)) };
}

export interface ListRun {
  /** First /sandbox/orders response end to the first row. */
  firstRowsAfterData: number;
  /** Navigation start to the first row. */
  firstRowsFromStart: number;
  /** Only in the runs that scroll (scrolling 10,000 rows takes a while). */
  scroll: z.infer<typeof scrollSchema> | null;
  /** The scroll's renderer tasks, from a trace (null when not scrolling or the trace failed). */
  scrollTasks: TaskTimes | null;
}

async function listOnce(browser: Browser, baseUrl: string, orders: number, scrollToEnd: boolean): Promise<ListRun> {
  const probe = await openProbePage(browser, { watchRows: true });
  try {
    const { page } = probe;
    await page.goto(`${baseUrl}/orders`);
    await page.locator(`${TABLE} [role="row"][aria-rowindex="2"]`).waitFor({ timeout: 30_000 });
    const state = await readProbe(page);
    const resources = resourceSchema.parse(
      await page.evaluate(
        `performance.getEntriesByType('resource').filter((e) => e.name.includes('/sandbox/orders')).map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd }))`,
      ),
    );
    const first = resources[0];
    if (first === undefined || state.firstRowAt === null) throw new Error('no /sandbox/orders request or no row seen');
    const firstRows = { firstRowsAfterData: state.firstRowAt - first.responseEnd, firstRowsFromStart: state.firstRowAt };
    if (!scrollToEnd) return { ...firstRows, scroll: null, scrollTasks: null };
    await sleep(500);
    await browser.startTracing(page, { categories: ['toplevel'] });
    let trace: Buffer | undefined;
    let scroll: z.infer<typeof scrollSchema>;
    try {
      scroll = scrollSchema.parse(await page.evaluate(`window.__bench.scrollToEnd(${JSON.stringify(TABLE)}, ${STEP_PX}, ${orders}, 120000)`));
    } finally {
      trace = await browser.stopTracing();
    }
    if (scroll.timedOut) throw new Error(`scrolling stopped at ${scroll.loaded} of ${orders} rows`);
    let scrollTasks: TaskTimes | null = null;
    try {
      scrollTasks = rendererTaskTimes(JSON.parse(trace.toString('utf8')));
    } catch (error) {
      console.warn(`list: could not read the scroll's trace: ${String(error)}`);
    }
    return { ...firstRows, scroll, scrollTasks };
  } finally {
    await probe.close();
  }
}

/** `runs` cold loads of /orders; the last `scrollRuns` of them also scroll to the end. */
export async function measureList(browser: Browser, baseUrl: string, orders: number, runs: number, scrollRuns: number): Promise<ListRun[]> {
  const result: ListRun[] = [];
  for (let i = 0; i < runs; i++) result.push(await listOnce(browser, baseUrl, orders, i >= runs - scrollRuns));
  return result;
}

const dropped = (gaps: readonly number[]) => gaps.reduce((sum, gap) => sum + Math.max(0, Math.round(gap / FRAME_MS) - 1), 0);

export function listFigures(runs: readonly ListRun[]): Figure[] {
  const scrolls = runs.flatMap((r) => (r.scroll === null ? [] : [r.scroll]));
  const tasks = runs.flatMap((r) => (r.scrollTasks === null ? [] : [r.scrollTasks]));
  const longestByWall = [...tasks].sort((a, b) => b.longestWall - a.longestWall)[0];
  const longest = Math.max(0, ...scrolls.flatMap((s) => s.longtasks.map((t) => t.duration)));
  const longCount = scrolls.reduce((sum, s) => sum + s.longtasks.length, 0);
  const droppedFrames = median(scrolls.map((s) => dropped(s.gaps)));
  const frames = median(scrolls.map((s) => s.frames));
  return [
    budgeted('list: first rows after data arrives', median(runs.map((r) => r.firstRowsAfterData)), 'ms', '<=', FIRST_ROWS_BUDGET_MS, `median of ${runs.length}`),
    info('list: first rows after navigation start', median(runs.map((r) => r.firstRowsFromStart)), 'ms'),
    budgeted('list: longest task while scrolling', longest, 'ms', '<=', LONG_TASK_BUDGET_MS, `${longCount} long tasks in ${scrolls.length} scroll(s) to row ${scrolls[0]?.loaded ?? 0} (0 = none)`),
    info(
      'list: dropped frames while scrolling',
      droppedFrames,
      'frames',
      `of ~${Math.round(frames + droppedFrames)} at 60 Hz; frame median ${median(scrolls.flatMap((s) => s.gaps)).toFixed(0)} ms, longest ${Math.max(0, ...scrolls.flatMap((s) => s.gaps)).toFixed(0)} ms`,
    ),
    info(
      'list: longest task while scrolling, CPU',
      Math.max(0, ...tasks.map((t) => t.longestCpu)),
      'ms',
      longestByWall === undefined
        ? 'no trace'
        : `renderer thread time (trace); the longest task by wall clock took ${longestByWall.longestWall.toFixed(0)} ms, ${longestByWall.longestWallCpu.toFixed(0)} ms of it on the CPU (the rest: waiting for it, e.g. behind other work on the machine)`,
    ),
    info('list: scroll to the end', median(scrolls.map((s) => s.ended - s.started)), 'ms', `${STEP_PX} px a frame (a scrollbar drag: all rows new each frame), pages fetched on the way`),
  ];
}
