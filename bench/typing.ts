import type { Browser, Page } from '@playwright/test';
import { formDraft, importBody } from './fixtures.ts';
import type { ProbeState } from './probe.ts';
import { openProbePage, readProbe } from './probe.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { percentile, sleep } from './stats.ts';
import { z } from 'zod';

// Figure 3: the create form holding 200 items and 50 transactions; 20 keystrokes into an item's
// amount and into order_external_id, as when filling the form, then into an amount the user left
// once (mode onTouched: from then on the form validates on every keystroke). Per keystroke: keydown
// to the end of the next paint (rAF, then a posted message; the budgeted figure), and the Event
// Timing API's duration (reported only from 16 ms, so a keystroke without an entry was faster).
// The typing is traced (Chrome's toplevel category: one event per task, little overhead), and each
// keystroke's main-thread CPU is the thread time of the tasks that started between its keydown and
// its next paint: on a shared machine the wall-clock figure stretches with everyone else's work,
// the thread time much less, so it tells what a keystroke costs the page itself.

// The budget is each field's p95 over the bare <input>'s in the same round (a ratio holds still where
// the wall clock stretches with the machine's load); the absolute p95 stays a budget for the rounds
// where the bare input itself is fast enough that it can be met.
export const TYPING_P95_BUDGET_MS = 16;
export const TYPING_RATIO_BUDGET = 2.0;
const ABSOLUTE_BUDGET_WHEN_BARE_UNDER_MS = 8;
const ITEMS = 200;
const TRANSACTIONS = 50;
const KEY_DELAY_MS = 100;
const DRAFT_KEY = 'order-console:draft:local-sandbox';

export interface TypingField {
  field: string;
  /** Left once before typing, so the form validates on every change (mode onTouched). */
  touched: boolean;
  /** keydown to next paint, per keystroke. */
  nextPaint: number[];
  /** Event Timing duration per keystroke (0 when under the 16 ms threshold). */
  eventTiming: number[];
  /** Main-thread CPU (thread time) from keydown to next paint, per keystroke; empty when the trace had no timing mark. */
  cpu: number[];
}

export interface TypingResult {
  /** How the 200 rows got into the form: draft, import or add-item. */
  filledBy: string;
  fillMs: number;
  fields: TypingField[];
  /** The same keystrokes into a page holding one <input> and no script, in the same round (null if it failed). */
  bare: TypingField | null;
}

// The floor in the same round: a page with one input and no script, typed into and measured exactly
// as the form is. Served by the probe page itself (page.route), on the console's origin, so nothing
// else differs. Shown beside the budget, not instead of it: the wall clock of a shared machine moves
// from run to run, and a field's p95 over the bare input's in the same round moves much less.
const BARE_FIELD = 'bare';
const BARE_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare input</title></head><body><label>Bare <input name="${BARE_FIELD}" autocomplete="off"></label></body></html>`;

async function typeIntoBareInput(browser: Browser, baseUrl: string, text: string): Promise<TypingField | null> {
  const probe = await openProbePage(browser);
  try {
    const url = `${baseUrl}/__bench-bare-input`;
    await probe.page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: BARE_PAGE }));
    await probe.page.goto(url);
    return await typeInto(browser, probe.page, BARE_FIELD, text, false);
  } catch {
    return null;
  } finally {
    await probe.close();
  }
}

const lastRow = `[name="items.${ITEMS - 1}.amount"]`;
const lastTransaction = `[name="transaction_history.${TRANSACTIONS - 1}.amount"]`;

async function hasRows(page: Page, timeout: number): Promise<boolean> {
  try {
    await page.locator(lastRow).waitFor({ state: 'attached', timeout });
    await page.locator(lastTransaction).waitFor({ state: 'attached', timeout });
    return true;
  } catch {
    return false;
  }
}

/** The draft in sessionStorage first, then Import JSON, then clicking Add item. */
async function fillForm(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/orders/new`);
  await page.getByRole('button', { name: 'Add item' }).waitFor({ timeout: 30_000 });
  // A restored draft shows its first row at once; rendering all 250 can take long on a busy machine.
  const restoring = await page
    .locator('[name="items.0.amount"]')
    .waitFor({ state: 'attached', timeout: 2_000 })
    .then(() => true, () => false);
  if (restoring && (await hasRows(page, 90_000))) return 'draft';
  const importButton = page.getByRole('button', { name: 'Import JSON' });
  if ((await importButton.count()) > 0) {
    await importButton.click();
    await page.getByLabel('Request body').fill(JSON.stringify(importBody(ITEMS, TRANSACTIONS)));
    await page.getByRole('button', { name: /^Import/ }).last().click();
    if (await hasRows(page, 90_000)) return 'import';
  }
  for (let i = await page.locator('[name$=".amount"][name^="items."]').count(); i < ITEMS; i++) {
    await page.getByRole('button', { name: 'Add item' }).click();
  }
  if (!(await hasRows(page, 5_000))) throw new Error('the create form did not get 200 item and 50 transaction rows');
  return 'add-item';
}

function perKeystroke(state: ProbeState, since: number): { nextPaint: number[]; eventTiming: number[] } {
  const keys = state.keystrokes.filter((k) => k.t0 >= since);
  const eventTiming = keys.map(() => 0);
  for (const entry of state.events.filter((e) => e.start >= since - 1)) {
    // The entry belongs to the last keystroke that started at or before it (keyup included).
    let owner = -1;
    keys.forEach((k, i) => {
      if (k.t0 <= entry.start + 1) owner = i;
    });
    if (owner >= 0) eventTiming[owner] = Math.max(eventTiming[owner] ?? 0, entry.duration);
  }
  return { nextPaint: keys.map((k) => k.next ?? Number.NaN), eventTiming };
}

const TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', '__metadata'];
const MARK = 'bench-typing';
const traceEventSchema = z.object({ name: z.string(), ph: z.string(), pid: z.number(), tid: z.number(), ts: z.number(), dur: z.number().optional(), tdur: z.number().optional() });
const traceSchema = z.object({ traceEvents: z.array(z.unknown()) });

/**
 * Per keystroke, the thread time of the main-thread tasks that started between keydown and the
 * next paint. The page's performance.mark(MARK) at `markAt` (performance.now() ms) ties the page's
 * clock to the trace's and names the thread.
 */
function cpuPerKeystroke(trace: unknown, markAt: number, keys: readonly { t0: number; next: number | null }[]): number[] {
  const events = traceSchema
    .parse(trace)
    .traceEvents.map((e) => traceEventSchema.safeParse(e))
    .flatMap((r) => (r.success ? [r.data] : []));
  const mark = events.find((e) => e.name === MARK);
  if (mark === undefined) return [];
  const offset = mark.ts - markAt * 1000;
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === mark.pid && e.tid === mark.tid);
  return keys.map((k) => {
    const from = k.t0 * 1000 + offset;
    const to = from + (k.next ?? 0) * 1000;
    return tasks.filter((t) => t.ts >= from && t.ts <= to).reduce((sum, t) => sum + (t.tdur ?? 0), 0) / 1000;
  });
}

async function typeInto(browser: Browser, page: Page, field: string, text: string, touched: boolean): Promise<TypingField> {
  const input = page.locator(`[name="${field}"]`);
  await input.scrollIntoViewIfNeeded();
  await input.click();
  await input.fill('');
  if (touched) {
    await page.keyboard.press('Tab');
    await sleep(300);
    await input.click();
  }
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await sleep(700);
  const markAt = Number(await page.evaluate(`performance.mark(${JSON.stringify(MARK)}).startTime`));
  const since = Number(await page.evaluate('window.__bench.state.recordKeys = true, performance.now()'));
  await page.keyboard.type(text, { delay: KEY_DELAY_MS });
  await sleep(500);
  await page.evaluate('window.__bench.state.recordKeys = false');
  const trace: unknown = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const state = await readProbe(page);
  const { nextPaint, eventTiming } = perKeystroke(state, since);
  if (nextPaint.length !== text.length) throw new Error(`recorded ${nextPaint.length} of ${text.length} keystrokes in ${field}`);
  const cpu = cpuPerKeystroke(trace, markAt, state.keystrokes.filter((k) => k.t0 >= since));
  return { field, touched, nextPaint, eventTiming, cpu };
}

export async function measureTyping(browser: Browser, baseUrl: string): Promise<TypingResult> {
  const probe = await openProbePage(browser, { sessionStorage: { [DRAFT_KEY]: JSON.stringify(formDraft(ITEMS, TRANSACTIONS)) } });
  try {
    const started = performance.now();
    const filledBy = await fillForm(probe.page, baseUrl);
    const fillMs = performance.now() - started;
    await sleep(1_000);
    const fields = [
      await typeInto(browser, probe.page, `items.${ITEMS / 2}.amount`, '1234567890'.repeat(2), false),
      await typeInto(browser, probe.page, 'order_external_id', 'ORD-BENCH-1234567890', false),
      await typeInto(browser, probe.page, `items.${ITEMS - 1}.amount`, '1234567890'.repeat(2), true),
    ];
    return { filledBy, fillMs, fields, bare: await typeIntoBareInput(browser, baseUrl, '1234567890'.repeat(2)) };
  } finally {
    await probe.close();
  }
}

/** The bare input's p95 in each round, and each field's worst p95 over it in the same round: the budget. */
export function bareInputFigures(rounds: readonly TypingResult[]): Figure[] {
  const paired = rounds.flatMap((r) => (r.bare === null || r.bare.nextPaint.length === 0 ? [] : [{ round: r, bare: percentile(r.bare.nextPaint, 95) }]));
  if (paired.length === 0) return [];
  const bareP95s = paired.map((p) => p.bare);
  const out: Figure[] = [
    info('typing: a bare <input> p95 (same rounds)', Math.max(...bareP95s), 'ms', `worst of ${paired.length}: ${bareP95s.map((p) => p.toFixed(1)).join(', ')} ms; a page with one input and no script, the same keystrokes and measurement: this machine's floor`),
  ];
  const fields = paired[0]?.round.fields ?? [];
  fields.forEach((field, index) => {
    const ratios = paired.flatMap((p) => {
      const f = p.round.fields[index];
      return f === undefined || p.bare <= 0 ? [] : [percentile(f.nextPaint, 95) / p.bare];
    });
    if (ratios.length === 0) return;
    out.push(budgeted(`typing: ${field.field} p95 / bare input's`, Math.max(...ratios), 'x', '<=', TYPING_RATIO_BUDGET, `worst of ${ratios.length} rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}`));
  });
  return out;
}

/**
 * One figure per field: its p95 in each round, the worst of them as the value (with one round, that
 * round's p95). Budgeted against the absolute 16 ms only over the rounds whose bare input's p95 was
 * under 8 ms; otherwise shown, the ratio to the bare input being the budget.
 */
export function typingFigures(rounds: readonly TypingResult[]): Figure[] {
  const first = rounds[0];
  if (first === undefined) return [];
  const figures = first.fields.map((f, index) => {
    const perRound = rounds.map((r) => r.fields[index]).filter((x): x is TypingField => x !== undefined);
    const p95s = perRound.map((r) => percentile(r.nextPaint, 95));
    const all = perRound.flatMap((r) => r.nextPaint);
    const events = perRound.flatMap((r) => r.eventTiming);
    const atOrOver16 = events.filter((d) => d >= 16).length;
    const note = [
      rounds.length > 1 ? `worst of ${rounds.length} rounds: ${p95s.map((p) => p.toFixed(1)).join(', ')} ms` : null,
      `p50 ${percentile(all, 50).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms`,
      `Event Timing p95 ${atOrOver16 === 0 ? 'under 16' : percentile(events, 95).toFixed(0)} ms (${atOrOver16} of ${events.length} keystrokes >= 16 ms)`,
    ]
      .filter((part) => part !== null)
      .join('; ');
    const name = `typing: ${f.field}${f.touched ? ' (touched: validates per key)' : ''} p95`;
    const fastRounds = rounds
      .filter((r) => r.bare !== null && r.bare.nextPaint.length > 0 && percentile(r.bare.nextPaint, 95) < ABSOLUTE_BUDGET_WHEN_BARE_UNDER_MS)
      .map((r) => r.fields[index])
      .filter((x): x is TypingField => x !== undefined);
    const wall =
      fastRounds.length > 0
        ? budgeted(name, Math.max(...fastRounds.map((r) => percentile(r.nextPaint, 95))), 'ms', '<=', TYPING_P95_BUDGET_MS, `over the ${fastRounds.length} round(s) whose bare input p95 was under ${ABSOLUTE_BUDGET_WHEN_BARE_UNDER_MS} ms; ${note}`)
        : info(name, Math.max(...p95s), 'ms', `${note}; the ${TYPING_P95_BUDGET_MS} ms budget applies to rounds whose bare input p95 is under ${ABSOLUTE_BUDGET_WHEN_BARE_UNDER_MS} ms (none here)`);
    const cpus = perRound.map((r) => r.cpu).filter((c) => c.length > 0);
    if (cpus.length === 0) return [wall];
    const cpuP95s = cpus.map((c) => percentile(c, 95));
    const allCpu = cpus.flat();
    const cpuNote = [
      cpus.length > 1 ? `worst of ${cpus.length} rounds: ${cpuP95s.map((p) => p.toFixed(1)).join(', ')} ms` : null,
      `p50 ${percentile(allCpu, 50).toFixed(1)} ms, max ${Math.max(...allCpu).toFixed(1)} ms; thread time of the main-thread tasks from keydown to next paint (Chrome trace): what a keystroke costs the page, which a busy machine stretches less than the wall clock`,
    ]
      .filter((part) => part !== null)
      .join('; ');
    return [wall, info(`typing: ${f.field} main-thread CPU per keystroke p95`, Math.max(...cpuP95s), 'ms', cpuNote)];
  });
  return [...figures.flat(), ...bareInputFigures(rounds), info('typing: form filled by', first.fillMs, 'ms', `${first.filledBy}, ${ITEMS} items + ${TRANSACTIONS} transactions, to rendered`)];
}
