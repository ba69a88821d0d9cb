import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../browser.ts';
import { buildPlainApp, OUT_DIR } from '../build.ts';
import type { ChildServer } from '../child.ts';
import { startChild } from '../child.ts';
import { CONTENT_RATIO_BUDGET, TOKEN_STORAGE_KEY } from '../content.ts';
import { seedOrders, startSandbox } from '../servers.ts';
import type { Figure } from '../report.ts';
import { budgeted, info } from '../report.ts';
import { installPeers, PeersUnavailableError } from './install.ts';
import type { PeerApp, PeerResult, PeerRow } from './measure.ts';
import { formatPeersTable, measurePeers, peerRows } from './measure.ts';
import { FIRST_REFERENCE, PEER_ORDERS } from './orders.ts';
import { buildTeamRenderer, seedTeam, startTeamConsole, TEAM_CONTENT_RATIO_BUDGET, teamBrowserCookies } from '../team-content.ts';

// `npm run bench -- peers`: installs the peers (once), builds them with the console's Vite, serves
// each from bench/peers/server.ts and the console's build from the sandbox (50 orders for the token,
// as the content section does), then loads them in turn (bench/peers/measure.ts).

const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url));
const APPS_DIR = fileURLToPath(new URL('./apps', import.meta.url));
const PEER_TOKEN = 'bench-peers';

/** The apps built here (bench/peers/apps/<key>). */
const PEER_APPS = ['bare', 'refine', 'react-admin'] as const;

export interface PeersRun {
  installMs: number;
  buildMs: Record<string, number>;
  results: PeerResult[];
  chromium: string;
}

export async function runPeers(consoleDist: string, runs: number, log: (line: string) => void): Promise<PeersRun> {
  const installMs = await installPeers();
  log(installMs > 0 ? `peers: installed bench/peers' packages in ${(installMs / 1000).toFixed(0)} s` : 'peers: packages already installed');
  const buildMs: Record<string, number> = {};
  for (const key of PEER_APPS) buildMs[key] = (await buildPlainApp(`${APPS_DIR}/${key}`, `${OUT_DIR}/peers/${key}`)).ms;
  log(`peers: built ${PEER_APPS.map((key) => `${key} in ${((buildMs[key] ?? 0) / 1000).toFixed(0)} s`).join(', ')}`);

  const servers: ChildServer[] = [];
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    const sandbox = await startSandbox(consoleDist, [PEER_TOKEN]);
    servers.push(sandbox);
    await seedOrders(sandbox.url, PEER_ORDERS, 4, 'peers', PEER_TOKEN);
    const peerUrls = new Map<string, string>();
    for (const key of PEER_APPS) {
      const server = await startChild(SERVER_ENTRY, { PEERS_DIST: `${OUT_DIR}/peers/${key}` });
      servers.push(server);
      peerUrls.set(key, `${server.url}/`);
    }
    // Team mode beside it: the same console signed in, its /orders rendered by the server with the
    // team index's 50 orders (bench/team-content.ts seeds them as the team section does).
    await buildTeamRenderer();
    const team = await startTeamConsole();
    servers.push(team);
    const seeded = await seedTeam(team.url, team.url);
    browser = await launchBrowser();
    const teamCookies = await teamBrowserCookies(browser, team.url, seeded.session);
    const peer = (key: string, label: string): PeerApp => ({ key, label, url: peerUrls.get(key) ?? '', probe: { contentText: FIRST_REFERENCE } });
    const apps: PeerApp[] = [
      peer('bare', 'bare React page'),
      peer('refine', 'refine + Mantine'),
      { key: 'console', label: `Order Console (/orders, ${PEER_ORDERS} orders)`, url: `${sandbox.url}/orders`, probe: { sessionStorage: { [TOKEN_STORAGE_KEY]: PEER_TOKEN } } },
      { key: 'console-team', label: `Order Console, team mode (/orders, ${PEER_ORDERS} orders)`, url: `${team.url}/orders`, probe: { contentText: seeded.listMarker, cookies: teamCookies }, ready: "document.documentElement.hasAttribute('data-app')" },
      peer('react-admin', 'react-admin'),
    ];
    const results = await measurePeers(browser, apps, runs);
    return { installMs, buildMs, results, chromium: browser.version() };
  } finally {
    await browser?.close();
    for (const server of servers) await server.stop();
  }
}

export interface PeersSection {
  /** For bench/results.json: the run and its table's rows; null when the peers were left out. */
  raw: unknown;
  figures: Figure[];
  /** Lines for the summary: the peers' table, or the one line saying why there is none. */
  summary: string[];
}

/** The console's content against the bare page of the same run, in both modes: the content budgets, beside the peers. */
export function peerBudgetFigures(rows: readonly PeerRow[]): Figure[] {
  const bare = rows.find((r) => r.key === 'bare');
  const note = (row: PeerRow) => `content painted ${row.contentMs.toFixed(0)} ms vs the bare page's ${bare?.contentMs.toFixed(0) ?? 'n/a'} ms; median of ${row.runs}, main-thread CPU ${row.cpuRatio.toFixed(2)}x the bare page's`;
  return [
    { key: 'console', name: 'peers: Order Console /orders (personal) / bare page', limit: CONTENT_RATIO_BUDGET },
    { key: 'console-team', name: 'peers: Order Console /orders (team, signed in) / bare page', limit: TEAM_CONTENT_RATIO_BUDGET },
  ].flatMap(({ key, name, limit }) => {
    const row = rows.find((r) => r.key === key);
    return row === undefined ? [] : [budgeted(name, row.ratio, 'x', '<=', limit, note(row))];
  });
}

/** The section as bench/run.ts shows it; offline (nothing to install) is one line, not a crash. */
export async function peersSection(consoleDist: string, runs: number): Promise<PeersSection> {
  try {
    const run = await runPeers(consoleDist, runs, (line) => console.info(line));
    const rows = peerRows(run.results);
    return {
      raw: { ...run, rows },
      // The table is the result; as a figure only what the first run cost.
      figures: [...peerBudgetFigures(rows), ...(run.installMs > 0 ? [info('peers: npm ci of bench/peers (first run only)', run.installMs / 1000, 's')] : [])],
      summary: ['', 'Peers (issue 27; ratios against the bare page of the same run):', formatPeersTable(rows)],
    };
  } catch (error) {
    if (!(error instanceof PeersUnavailableError)) throw error;
    const line = `peers: left out: ${error.message}`;
    console.info(line);
    return { raw: null, figures: [], summary: ['', line] };
  }
}
