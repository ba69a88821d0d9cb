// How long a 300-row team bulk run takes at the server's default pace (2 refunds a
// second, bulk-runner-settings.ts), from the POST that starts it to `finished`, on the console's
// own server (team mode, embedded sandbox and console database in memory, no faults).
//
//   npx tsx bench/bulk-run.ts [--rows 300]
//   npm run bench -- bulk
//
// The pace is the engine's ratePerSecond: the floor is (rows - 1) / 2 s; the figure says how much
// the rest (reading each order first, saving each row before and after its send, the audit) adds.
import { fileURLToPath } from 'node:url';
import { teamBulkRunSchema } from '../src/contract/bulk-runs.ts';
import { serveApp } from '../src/http/listen.ts';
import { createSandboxApp, openStore } from '../src/sandbox/entry.ts';
import { call, createOrder, moveOrder } from '../src/sandbox/testing/http.ts';
import { DEFAULT_ENGINE_OPTIONS } from '../src/bulk/engine.ts';
import { planOf } from '../src/server/bulk-runs/testing/bulk-plan.ts';
import { cookieOf, SANDBOX_TOKEN, signIn, startTeamServer } from '../src/server/testing/team-server.ts';
import type { Figure } from './report.ts';
import { info } from './report.ts';

export interface BulkRunResult {
  rows: number;
  ratePerSecond: number;
  ms: number;
  refunded: number;
}

export async function measureBulkRun(options: { rows: number }): Promise<BulkRunResult> {
  const store = await openStore(':memory:');
  const sandbox = await serveApp(createSandboxApp({ store, tokens: [SANDBOX_TOKEN], log: () => undefined }));
  const server = await startTeamServer({ store });
  try {
    await server.addUser('agent@example.com', ['agent']);
    const cookie = cookieOf(await signIn(server.url, 'agent@example.com'));
    const refunds: { orderId: string; amount: string }[] = [];
    while (refunds.length < options.rows) {
      const batch = Array.from({ length: Math.min(10, options.rows - refunds.length) }, async () => {
        const order = await createOrder(sandbox.url, SANDBOX_TOKEN, { order_data: { eshop_external_id: 'bench', amount: '50.00' } });
        await moveOrder(sandbox.url, SANDBOX_TOKEN, order.id, 'activated');
        return { orderId: order.id, amount: '20.00' };
      });
      refunds.push(...(await Promise.all(batch)));
    }
    const headers = { Cookie: cookie, Origin: server.url };
    const started = performance.now();
    const created = await call(server.url, 'POST', '/api/env/sandbox/bulk-runs', { headers, json: { plan: planOf('sandbox', refunds) } });
    if (created.status !== 201) throw new Error(`the run was not started: ${created.status} ${created.text}`);
    const { id } = teamBulkRunSchema.parse(created.json);
    // Bounded: ten times the floor the pace sets.
    const deadline = started + (options.rows / DEFAULT_ENGINE_OPTIONS.ratePerSecond) * 10_000 + 60_000;
    for (;;) {
      const run = teamBulkRunSchema.parse((await call(server.url, 'GET', `/api/env/sandbox/bulk-runs/${id}`, { headers })).json);
      if (run.state === 'finished') return { rows: options.rows, ratePerSecond: DEFAULT_ENGINE_OPTIONS.ratePerSecond, ms: performance.now() - started, refunded: run.progress.refunded };
      if (performance.now() > deadline || run.state !== 'running') throw new Error(`the run did not finish: ${run.state} ${JSON.stringify(run.progress)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await server.close();
    await sandbox.close();
    await store.close();
  }
}

export function bulkRunFigures(result: BulkRunResult): Figure[] {
  const floor = (result.rows - 1) / result.ratePerSecond;
  return [
    info(`bulk / ${result.rows}-row team run at the default pace`, result.ms / 1000, 's', `${result.refunded} refunded; ${result.ratePerSecond} refunds/s sets a floor of ${floor.toFixed(1)} s`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rowsArg = process.argv.indexOf('--rows');
  const rows = rowsArg === -1 ? 300 : Number.parseInt(process.argv[rowsArg + 1] ?? '', 10);
  if (!Number.isSafeInteger(rows) || rows < 1 || rows > 1_000) throw new Error('--rows takes 1 to 1000');
  const result = await measureBulkRun({ rows });
  for (const figure of bulkRunFigures(result)) console.info(`${figure.name}: ${figure.value.toFixed(1)} ${figure.unit} (${figure.note ?? ''})`);
}
