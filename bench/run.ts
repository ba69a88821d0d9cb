import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { launchBrowser } from './browser.ts';
import type { ChildServer } from './child.ts';
import type { BuildResult } from './build.ts';
import { buildConsole, buildHello, CONSOLE_DIST, HELLO_DIST, OUT_DIR } from './build.ts';
import type { BundleAnalysis } from './bundle.ts';
import { analyseBundle, bundleFigures, initialFiles } from './bundle.ts';
import { contentFigures, heapFigures, measureContent, measureHeap } from './content.ts';
import { listFigures, measureList } from './list.ts';
import { loadFigures, measureLoad } from './load.ts';
import type { Figure } from './report.ts';
import { budgetSummary, formatTable, info } from './report.ts';
import { measureSandboxLoad, sandboxLoadFigures } from './sandbox-load.ts';
import { buildTeamRenderer, measureTeamContent, measureTeamHeap, seedTeam, startTeamConsole, teamContentFigures } from './team-content.ts';
import { measurePostgresLoad, postgresLoadFigures } from './sandbox-postgres.ts';
import { measureOrderIndex, orderIndexFigures } from './order-index.ts';
import { indexImportFigures, measureIndexImport } from './index-import.ts';
import { gatewayFigures, measureGateway } from './gateway.ts';
import { bulkRunFigures, measureBulkRun } from './bulk-run.ts';
import { FULL_RUN, measureTeamLoad, QUICK_RUN } from './team-load.ts';
import { teamLoadFigures } from './team-load-figures.ts';
import { PostgresMissingError } from '../src/sandbox/testing/postgres-server.ts';
import { seedOrders, startSandbox } from './servers.ts';
import { measureStartup, startupFigures } from './startup.ts';
import { measureTyping, typingFigures } from './typing.ts';
import { peersSection } from './peers/section.ts';
import { measureWire, wireFigures } from './wire.ts';

// `npm run bench [-- section...]`: the performance figures of issues 6, 17, 27 and 28 beside their budgets.
// Sections: bundle wire load content team heap typing list sandbox postgres index import gateway bulk team-load startup peers (default all); --no-npm-start
// skips the one figure that rebuilds dist/; --typing-rounds N repeats the typing section N times
// (issues 17 and 27: every field within budget in five consecutive runs; 5 by default); --peer-runs N
// sets the cold loads per app of the peers section (issue 27; 11 by default); --quick makes team-load's
// run 45 s instead of 5 minutes (for trying a change; the budget is the full run's). Writes bench/results.json and
// bench/out/summary.txt. Exit code 0 when budgets fail (this is a report), 1 when a measurement
// itself crashed.

const SECTIONS = ['bundle', 'wire', 'load', 'content', 'team', 'heap', 'typing', 'list', 'sandbox', 'postgres', 'index', 'import', 'gateway', 'bulk', 'team-load', 'startup', 'peers'] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (arg: string): arg is Section => SECTIONS.some((s) => s === arg);

const LIST_ORDERS = 10_000;
const SEED_CONCURRENCY = 16;
// Content, team and load pages: 11 cold loads of each page a median. With 5, the same build's ratios
// moved by half a budget between two runs on a quiet machine (50 orders 3.03x then 1.96x; hello's own
// LCP spread 100-176 ms within one run), so a budget passed or failed with the host; the load figure
// (median of 5 until issue 27's round three) read 1.18x and 1.59x on the same build.
const CONTENT_RUNS = 11;
const LOAD_RUNS = CONTENT_RUNS;
const HEAP_RUNS = 5;
const CONTENT_ORDERS = 50;
const EMPTY_TOKEN = 'bench-empty';
const FIFTY_TOKEN = 'bench-fifty';
const LIST_RUNS = 3;
const SCROLL_RUNS = 1;
const LOAD_CELL_MS = 2_500;
const LOAD_WARMUP_MS = 500;
const STARTUP_FRESH_RUNS = 1;
const STARTUP_EXISTING_RUNS = 3;
const INDEX_ORDERS = 100_000;
const INDEX_RUNS = 30;
const IMPORT_ROWS = 100_000;
const TYPING_ROUNDS = 5;
const PEER_RUNS = 11;

const args = process.argv.slice(2);
const VALUED = ['--typing-rounds', '--peer-runs'];
const FLAGS = ['--no-npm-start', '--quick'];
const unknown = args.filter((a, i) => !isSection(a) && !FLAGS.includes(a) && !VALUED.includes(a) && !VALUED.includes(args[i - 1] ?? ''));
if (unknown.length > 0) {
  console.error(`bench: unknown argument(s) ${unknown.join(' ')}; sections: ${SECTIONS.join(' ')}; options: --no-npm-start, --quick, --typing-rounds N, --peer-runs N`);
  process.exit(2);
}
const chosen = args.filter(isSection);
const sections = new Set<Section>(chosen.length > 0 ? chosen : SECTIONS);
const npmStart = !args.includes('--no-npm-start');
const countArg = (name: string, fallback: number): number => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: ${name} needs a whole number >= 1`);
    process.exit(2);
  }
  return value;
};
const typingRounds = countArg('--typing-rounds', TYPING_ROUNDS);
const peerRuns = countArg('--peer-runs', PEER_RUNS);

const started = performance.now();
const figures: Figure[] = [];
const raw: Record<string, unknown> = {};
const errors: Record<string, string> = {};
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

async function section(name: string, body: () => Promise<void>): Promise<void> {
  console.info(`[${elapsed()}] ${name}...`);
  try {
    await body();
  } catch (error) {
    errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`[${elapsed()}] ${name} crashed: ${errors[name]}`);
  }
}

mkdirSync(OUT_DIR, { recursive: true });
const loadBefore = loadavg();
const needsBuild = (['bundle', 'wire', 'load', 'content', 'team', 'heap', 'typing', 'list', 'peers'] as const).some((s) => sections.has(s));
let consoleBuild: BuildResult | undefined;
let helloBuild: BuildResult | undefined;

if (needsBuild) {
  await section('build', async () => {
    consoleBuild = await buildConsole();
    helloBuild = await buildHello();
    figures.push(info('build: vite build of the console', consoleBuild.ms, 'ms'));
  });
}

if (sections.has('bundle') && consoleBuild !== undefined && helloBuild !== undefined) {
  const [c, h] = [consoleBuild, helloBuild];
  await section('bundle', () => {
    const analysis: BundleAnalysis = analyseBundle(c, `${OUT_DIR}/bundle-report.txt`);
    const hello = analyseBundle(h, `${OUT_DIR}/hello-bundle-report.txt`);
    raw['bundle'] = analysis;
    figures.push(...bundleFigures(analysis, hello));
    return Promise.resolve();
  });
}

// Wire, content and heap run against a sandbox of their own: tokens with no orders and with 50.
const contentSections = (['wire', 'content', 'heap'] as const).filter((s) => sections.has(s));
if (contentSections.length > 0 && consoleBuild !== undefined) {
  const build = consoleBuild;
  let server: ChildServer | undefined;
  let hello: ChildServer | undefined;
  let browser: Browser | undefined;
  try {
    await section('content servers', async () => {
      server = await startSandbox(CONSOLE_DIST, [EMPTY_TOKEN, FIFTY_TOKEN]);
      hello = await startSandbox(HELLO_DIST);
      await seedOrders(server.url, CONTENT_ORDERS, 4, 'content', FIFTY_TOKEN);
      browser = await launchBrowser();
      raw['chromium'] = browser.version();
    });
    const [s, h, b] = [server, hello, browser];
    if (s !== undefined && h !== undefined && b !== undefined) {
      const targets = { consoleUrl: `${s.url}/orders`, helloUrl: `${h.url}/`, emptyToken: EMPTY_TOKEN, fiftyToken: FIFTY_TOKEN };
      if (sections.has('wire')) {
        await section('wire', async () => {
          const result = await measureWire(b, s.url, initialFiles(build), FIFTY_TOKEN);
          raw['wire'] = result;
          figures.push(...wireFigures(result));
        });
      }
      if (sections.has('content')) {
        await section('content', async () => {
          const result = await measureContent(b, targets, CONTENT_RUNS);
          raw['content'] = result;
          figures.push(...contentFigures(result));
        });
      }
      if (sections.has('heap')) {
        await section('heap', async () => {
          const result = await measureHeap(b, targets, HEAP_RUNS);
          // Team mode's /orders too (issue 53: both modes), on a team console of its own as in the team section.
          await buildTeamRenderer();
          const team = await startTeamConsole();
          try {
            const teamResult = await measureTeamHeap(b, await seedTeam(team.url, team.url), HEAP_RUNS);
            raw['heap'] = { personal: result, team: teamResult };
            figures.push(...heapFigures(result, teamResult));
          } finally {
            await team.stop();
          }
        });
      }
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await hello?.stop();
  }
}

// Budget 1: team mode's pages rendered on the console server (bench/team-content.ts).
if (sections.has('team') && consoleBuild !== undefined) {
  await section('team', async () => {
    await buildTeamRenderer();
    const team = await startTeamConsole();
    const hello = await startSandbox(HELLO_DIST);
    const browser = await launchBrowser();
    try {
      const result = await measureTeamContent(browser, await seedTeam(team.url, `${hello.url}/`), CONTENT_RUNS);
      raw['team'] = result;
      figures.push(...teamContentFigures(result));
    } finally {
      await browser.close();
      await team.stop();
      await hello.stop();
    }
  });
}

const browserSections = (['load', 'typing', 'list'] as const).filter((s) => sections.has(s));
if (browserSections.length > 0 && consoleBuild !== undefined) {
  let server: ChildServer | undefined;
  let hello: ChildServer | undefined;
  let browser: Browser | undefined;
  try {
    await section('servers', async () => {
      server = await startSandbox(CONSOLE_DIST);
      hello = await startSandbox(HELLO_DIST);
      if (sections.has('list') || sections.has('load')) {
        const ms = await seedOrders(server.url, LIST_ORDERS, SEED_CONCURRENCY, 'bench');
        figures.push(info(`seed: ${LIST_ORDERS} minimal creates, c${SEED_CONCURRENCY}`, (LIST_ORDERS / ms) * 1000, 'req/s', `${(ms / 1000).toFixed(1)} s`));
      }
      browser = await launchBrowser();
      raw['chromium'] = browser.version();
    });
    const [s, h, b] = [server, hello, browser];
    if (s !== undefined && h !== undefined && b !== undefined) {
      if (sections.has('load')) {
        await section('load', async () => {
          const result = await measureLoad(b, { consoleUrl: `${s.url}/orders`, consoleDist: CONSOLE_DIST, helloUrl: `${h.url}/`, helloDist: HELLO_DIST }, LOAD_RUNS);
          raw['load'] = result;
          figures.push(...loadFigures(result));
        });
      }
      if (sections.has('typing')) {
        await section('typing', async () => {
          const rounds = [];
          for (let round = 0; round < typingRounds; round++) rounds.push(await measureTyping(b, s.url));
          raw['typing'] = rounds;
          figures.push(...typingFigures(rounds));
        });
      }
      if (sections.has('list')) {
        await section('list', async () => {
          const result = await measureList(b, s.url, LIST_ORDERS, LIST_RUNS, SCROLL_RUNS);
          raw['list'] = result.map((r) => ({ ...r, scroll: r.scroll && { ...r.scroll, gaps: r.scroll.gaps.filter((g) => g > 20) } }));
          figures.push(...listFigures(result));
        });
      }
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await hello?.stop();
  }
}

// A bare page, refine + Mantine, the console and react-admin, loaded in turn (bench/peers/).
let peersSummary: string[] = [];
if (sections.has('peers') && consoleBuild !== undefined) {
  await section('peers', async () => {
    const result = await peersSection(CONSOLE_DIST, peerRuns);
    raw['peers'] = result.raw;
    figures.push(...result.figures);
    peersSummary = result.summary;
  });
}

if (sections.has('sandbox')) {
  await section('sandbox', async () => {
    const cells = await measureSandboxLoad(LOAD_CELL_MS, LOAD_WARMUP_MS);
    raw['sandbox'] = cells;
    figures.push(...sandboxLoadFigures(cells));
  });
}

// The team sandbox on a PostgreSQL server, one and two processes (needs PostgreSQL's binaries).
if (sections.has('postgres')) {
  await section('postgres', async () => {
    try {
      const cells = await measurePostgresLoad(LOAD_CELL_MS, LOAD_WARMUP_MS);
      raw['postgres'] = cells;
      figures.push(...postgresLoadFigures(cells));
    } catch (error) {
      if (!(error instanceof PostgresMissingError)) throw error;
      console.info(`postgres: left out: ${error.message}`);
    }
  });
}

// The team order index's searches at 100,000 orders (PGlite in memory).
if (sections.has('index')) {
  await section('index', async () => {
    const result = await measureOrderIndex({ orders: INDEX_ORDERS, runs: INDEX_RUNS, location: ':memory:' });
    raw['index'] = result;
    figures.push(info(`index / seed ${INDEX_ORDERS} orders (SQL)`, result.seedMs / 1000, 's'), ...orderIndexFigures(result, INDEX_ORDERS));
  });
}

if (sections.has('import')) {
  await section('import', async () => {
    const result = await measureIndexImport({ rows: IMPORT_ROWS, runs: INDEX_RUNS, location: ':memory:' });
    raw['import'] = result;
    figures.push(...indexImportFigures(result));
  });
}

// A 300-row team bulk run at the server's default pace (about 2.5 minutes: the pace is the point).
// Issue 51: the console as the PSP's gateway, 50 creates at once, against a direct call; the refresher's pace.
if (sections.has('gateway')) {
  await section('gateway', async () => {
    const result = await measureGateway({ rounds: 30, concurrency: 50, refreshSeconds: 12 });
    raw['gateway'] = result;
    figures.push(...gatewayFigures(result));
  });
}

if (sections.has('bulk')) {
  await section('bulk', async () => {
    const result = await measureBulkRun({ rows: 300 });
    raw['bulk'] = result;
    figures.push(...bulkRunFigures(result));
  });
}

// A team at work: people on two console processes and one PostgreSQL, then the audit log's curve.
if (sections.has('team-load')) {
  await section('team-load', async () => {
    try {
      const result = await measureTeamLoad(args.includes('--quick') ? QUICK_RUN : FULL_RUN, (line) => console.info(line));
      raw['team-load'] = { ...result, samples: result.samples.length };
      figures.push(...teamLoadFigures(result));
    } catch (error) {
      if (!(error instanceof PostgresMissingError)) throw error;
      console.info(`team-load: left out: ${error.message}`);
    }
  });
}

if (sections.has('startup')) {
  await section('startup', async () => {
    const result = await measureStartup({ freshRuns: STARTUP_FRESH_RUNS, existingRuns: STARTUP_EXISTING_RUNS, npmStart });
    raw['startup'] = result;
    figures.push(...startupFigures(result));
  });
}

const durationMs = performance.now() - started;
const results = {
  date: new Date().toISOString(),
  durationMs,
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', node: process.version, loadavgBefore: loadBefore, loadavgAfter: loadavg() },
  sections: [...sections],
  figures,
  errors,
  raw,
};
writeFileSync(fileURLToPath(new URL('./results.json', import.meta.url)), `${JSON.stringify(results, null, 2)}\n`);

const summary = [
  formatTable(figures),
  ...peersSummary,
  '',
  `Ran in ${(durationMs / 1000).toFixed(0)} s on ${cpus().length} CPUs; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} after (other work on the machine makes every figure noisier).`,
  `Details: bench/results.json; per-package sizes: bench/out/bundle-report.txt.`,
  `${Object.keys(errors).length} sections crashed${Object.keys(errors).length > 0 ? `: ${Object.keys(errors).join(', ')}` : ''}.`,
  // Last, so a CI log's final line says which budgets were missed.
  budgetSummary(figures),
].join('\n');
writeFileSync(`${OUT_DIR}/summary.txt`, `${summary}\n`);
console.info(`\n${summary}`);
process.exitCode = Object.keys(errors).length > 0 ? 1 : 0;
