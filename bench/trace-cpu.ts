import { z } from 'zod';

// Main-thread CPU from navigation start to a moment of the page (content painted, LCP), from a
// Chrome trace: the sum of the thread time of every task the page's renderer main thread ran in
// that window. On a busy machine wall-clock figures stretch with other processes' work; this one
// mostly does not, so it tells what the page itself costs (the machine is shared).

export const CPU_TRACE_CATEGORIES = ['toplevel', 'loading', 'blink.user_timing', '__metadata'];

const eventSchema = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  ts: z.number(),
  dur: z.number().optional(),
  tdur: z.number().optional(),
  args: z.unknown().optional(),
});
const traceSchema = z.object({ traceEvents: z.array(z.unknown()) });
const threadNameSchema = z.object({ name: z.string() });
const navigationSchema = z.object({ data: z.object({ documentLoaderURL: z.string().optional(), isLoadingMainFrame: z.boolean().optional() }) });

export interface CpuWindow {
  /** Thread time of the tasks that started in the window, ms. */
  cpuMs: number;
  /** Wall time those tasks took, ms (longer than cpuMs when the OS ran something else meanwhile). */
  taskWallMs: number;
}

/**
 * CPU of the renderer main thread that navigated to `url`, from its navigationStart to `untilMs`
 * later (a performance.now() value of the page, whose origin is navigation start). NaN when the
 * trace holds no navigationStart for that URL.
 */
export function mainThreadCpu(trace: unknown, url: string, untilMs: number): CpuWindow {
  const events = traceSchema
    .parse(trace)
    .traceEvents.map((e) => eventSchema.safeParse(e))
    .flatMap((r) => (r.success ? [r.data] : []));
  const mains = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && threadNameSchema.safeParse(e.args).data?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const navigation = events.find((e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`) && navigationSchema.safeParse(e.args).data?.data.documentLoaderURL === url);
  // On a loaded machine Chromium's trace sometimes lacks the navigation's start: that load has no CPU
  // figure (NaN, which the medians leave out) rather than costing the section its timed figures.
  if (navigation === undefined) return { cpuMs: Number.NaN, taskWallMs: Number.NaN };
  const thread = `${navigation.pid}:${navigation.tid}`;
  const end = navigation.ts + untilMs * 1000;
  let cpu = 0;
  let wall = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || `${e.pid}:${e.tid}` !== thread) continue;
    if (e.ts < navigation.ts || e.ts > end) continue;
    cpu += e.tdur ?? 0;
    wall += e.dur ?? 0;
  }
  return { cpuMs: cpu / 1000, taskWallMs: wall / 1000 };
}
