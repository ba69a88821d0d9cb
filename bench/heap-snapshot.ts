import { readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CDPSession } from '@playwright/test';
import { z } from 'zod';
import { launchBrowser } from './browser.ts';
import { buildConsole, CONSOLE_DIST, OUT_DIR } from './build.ts';
import type { ChildServer } from './child.ts';
import { TOKEN_STORAGE_KEY } from './content.ts';
import type { ProbeConfig } from './probe.ts';
import { openProbePage, waitForProbe } from './probe.ts';
import { seedOrders, startSandbox } from './servers.ts';
import { buildTeamRenderer, seedTeam, startTeamConsole, teamBrowserCookies } from './team-content.ts';

// What the JS heap after /orders (50 orders) holds, in either mode: the heap in use as the heap
// section reads it (no forced GC), then after a forced GC (what is live), then a heap snapshot (CDP
// HeapProfiler) broken down by what each object is: its type and constructor, the largest strings,
// compiled code per script. Writes the snapshot to bench/out/<mode>-orders.heapsnapshot (DevTools opens it).
// With --import chunk-prefix..., after that (personal mode): each named chunk of the build imported
// into the loaded page in turn, and the heap it added, before and after a forced GC: what a chunk
// team mode runs would cost a page that does not (the modes share one build).
// `npx tsx bench/heap-snapshot.ts [team|personal] [--no-build] [--import contract- team-index- ...]`.

const ORDERS = 50;
const TOKEN = 'bench-heap';
const MB = 1024 * 1024;

const usageSchema = z.object({ usedSize: z.number() });
const snapshotSchema = z.object({
  snapshot: z.object({ meta: z.object({ node_fields: z.array(z.string()), node_types: z.array(z.unknown()) }) }),
  nodes: z.array(z.number()),
  strings: z.array(z.string()),
});

async function takeSnapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  return chunks.join('');
}

interface Row {
  key: string;
  count: number;
  bytes: number;
}

/** Self sizes by type and name, the largest strings, and code: what a snapshot's megabytes are. */
export function breakDown(text: string): { total: number; byKind: Row[]; strings: Row[]; code: Row[] } {
  const snap = snapshotSchema.parse(JSON.parse(text));
  const fields = snap.snapshot.meta.node_fields;
  const types = z.array(z.string()).parse(snap.snapshot.meta.node_types[0]);
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const width = fields.length;
  const kinds = new Map<string, Row>();
  const strings: Row[] = [];
  const code = new Map<string, Row>();
  let total = 0;
  const add = (map: Map<string, Row>, key: string, bytes: number) => {
    const row = map.get(key) ?? { key, count: 0, bytes: 0 };
    row.count++;
    row.bytes += bytes;
    map.set(key, row);
  };
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + (typeAt ?? 0)] ?? 0] ?? '?';
    const name = snap.strings[snap.nodes[i + (nameAt ?? 0)] ?? 0] ?? '';
    const size = snap.nodes[i + (sizeAt ?? 0)] ?? 0;
    total += size;
    const short = type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '' : name.slice(0, 60);
    add(kinds, `${type} ${short}`.trim(), size);
    if (type === 'string' && size > 2048) strings.push({ key: name.slice(0, 140).replace(/\s+/g, ' '), count: 1, bytes: size });
    if (type === 'code' || name === '(compiled code)') add(code, name.slice(0, 60), size);
  }
  const top = (rows: Iterable<Row>, n: number) => [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, n);
  return { total, byKind: top(kinds.values(), 40), strings: top(strings, 25), code: top(code.values(), 15) };
}

/** Each chunk (by its name's start) imported into the page in turn: what it added to the heap, cumulatively. */
async function importCost(cdp: CDPSession, prefixes: readonly string[]): Promise<void> {
  const files = readdirSync(`${CONSOLE_DIST}/assets`);
  const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
  await cdp.send('HeapProfiler.collectGarbage');
  const live = usageSchema.parse(await cdp.send('Runtime.getHeapUsage')).usedSize;
  console.info(`\nchunks imported into the page (heap added since the forced GC, ${mb(live)}; cumulative):`);
  for (const prefix of prefixes) {
    const file = files.find((f) => f.startsWith(prefix) && f.endsWith('.js'));
    if (file === undefined) throw new Error(`no chunk named ${prefix}* in ${CONSOLE_DIST}/assets`);
    await cdp.send('Runtime.evaluate', { expression: `import(${JSON.stringify(`/assets/${file}`)})`, awaitPromise: true });
    const added = usageSchema.parse(await cdp.send('Runtime.getHeapUsage')).usedSize - live;
    await cdp.send('HeapProfiler.collectGarbage');
    const kept = usageSchema.parse(await cdp.send('Runtime.getHeapUsage')).usedSize - live;
    console.info(`  ${file}: ${mb(added)} before a GC, ${mb(kept)} after`);
  }
}

async function main(): Promise<void> {
  const mode = process.argv.includes('personal') ? 'personal' : 'team';
  if (!process.argv.includes('--no-build')) {
    await buildConsole();
    if (mode === 'team') await buildTeamRenderer();
  }
  const servers: ChildServer[] = [];
  const browser = await launchBrowser();
  try {
    let url: string;
    let probeConfig: ProbeConfig;
    if (mode === 'team') {
      const team = await startTeamConsole();
      servers.push(team);
      const target = await seedTeam(team.url, team.url);
      url = `${team.url}/orders`;
      probeConfig = { watchContent: true, contentText: target.listMarker, cookies: await teamBrowserCookies(browser, team.url, target.session) };
    } else {
      const sandbox = await startSandbox(CONSOLE_DIST, [TOKEN]);
      servers.push(sandbox);
      await seedOrders(sandbox.url, ORDERS, 4, 'heap', TOKEN);
      url = `${sandbox.url}/orders`;
      probeConfig = { watchContent: true, sessionStorage: { [TOKEN_STORAGE_KEY]: TOKEN } };
    }
    const probe = await openProbePage(browser, probeConfig);
    const scripts: string[] = [];
    probe.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    try {
      await probe.page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
      await waitForProbe(probe, 'window.__bench.state.content?.painted != null', 90_000);
      // The server's rows paint before the app has run (public/after-paint.js starts it): the heap is
      // the page's once the app has hydrated it (<html data-app>) and the network is idle.
      await waitForProbe(probe, "document.documentElement.hasAttribute('data-app')", 90_000);
      await probe.page.waitForLoadState('networkidle', { timeout: 90_000 });
      const used = usageSchema.parse(await probe.cdp.send('Runtime.getHeapUsage')).usedSize;
      await probe.cdp.send('HeapProfiler.collectGarbage');
      const live = usageSchema.parse(await probe.cdp.send('Runtime.getHeapUsage')).usedSize;
      const text = await takeSnapshot(probe.cdp);
      const file = `${OUT_DIR}/${mode}-orders.heapsnapshot`;
      writeFileSync(file, text);
      const { total, byKind, strings, code } = breakDown(text);
      const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MB`;
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      console.info(`${mode} /orders: heap in use ${mb(used)} (as the heap section reads it), ${mb(live)} after a forced GC; snapshot self sizes ${mb(total)} (${file})`);
      console.info(`scripts loaded: ${scripts.join(' ')}`);
      console.info('\nby type and constructor (self size):');
      for (const row of byKind) console.info(`  ${kb(row.bytes).padStart(7)} ${String(row.count).padStart(6)}x  ${row.key}`);
      console.info('\nlargest strings:');
      for (const row of strings) console.info(`  ${kb(row.bytes).padStart(7)}  ${row.key}`);
      console.info('\ncode:');
      for (const row of code) console.info(`  ${kb(row.bytes).padStart(7)} ${String(row.count).padStart(6)}x  ${row.key}`);
      const at = process.argv.indexOf('--import');
      if (at >= 0) await importCost(probe.cdp, process.argv.slice(at + 1));
    } finally {
      await probe.close();
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
