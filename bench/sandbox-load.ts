import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { OUT_DIR } from './build.ts';
import { processCpuMs, startChild } from './child.ts';
import { AUTH_HEADER, createBody, refundBody } from './fixtures.ts';
import type { LoadCell } from './load-loop.ts';
import { runLoad } from './load-loop.ts';
import type { Figure } from './report.ts';
import { budgeted, info } from './report.ts';
import { postJson, SANDBOX_ENTRY } from './servers.ts';

// Figure 5: create and refund at concurrency 1, 16 and 64 against the sandbox (PGlite in memory,
// then in a data directory) and against the bare node:http ceiling, each in its own child process
// with the load generator in this one. Refunds of 0.01 go round-robin to orders activated
// beforehand with a large amount, so they measure the refund path, not lock waits on one order.

export const CREATE_RATIO_BUDGET = 0.35;
/** Issue 17: refunds at c16 against the ceiling's refund cell (the same request, answered bare). */
export const REFUND_RATIO_BUDGET = 0.25;
export const CREATE_P99_BUDGET_MS = 25;
export const CONCURRENCY = [1, 16, 64] as const;
const REFUND_ORDERS = 64;
export const CEILING_ENTRY = fileURLToPath(new URL('./ceiling-server.ts', import.meta.url));

export type Target = 'ceiling' | 'memory' | 'file';
export type Operation = 'create' | 'refund';

export interface SandboxLoadCell extends LoadCell {
  target: Target;
  operation: Operation;
  concurrency: number;
}

const orderIdOf = (data: unknown): string => {
  if (typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string') return data.id;
  throw new Error(`expected an order, got ${JSON.stringify(data)}`);
};

/** 64 activated orders with a large amount to refund 0.01 from (the ceiling answers any id). */
export async function refundTargets(url: string, ceiling: boolean, prefix = 'refund-target'): Promise<string[]> {
  if (ceiling) return Array.from({ length: REFUND_ORDERS }, (_, i) => `order-${i}`);
  const ids: string[] = [];
  for (let i = 0; i < REFUND_ORDERS; i++) {
    const created = await postJson(`${url}/psp/v2/order/`, createBody(`${prefix}-${i}`, '99999999.99'));
    const id = orderIdOf(created.data);
    const moved = await postJson(`${url}/sandbox/orders/${id}/status`, { status: 'activated' });
    if (moved.status !== 200) throw new Error(`activating ${id} answered ${moved.status}`);
    ids.push(id);
  }
  return ids;
}

export async function measureSandboxLoad(durationMs: number, warmupMs: number): Promise<SandboxLoadCell[]> {
  const cells: SandboxLoadCell[] = [];
  const dataDir = mkdtempSync(`${OUT_DIR}/load-db-`);
  try {
    for (const target of ['ceiling', 'memory', 'file'] as const) {
      const server = await startChild(target === 'ceiling' ? CEILING_ENTRY : SANDBOX_ENTRY, { BENCH_DB: target === 'file' ? dataDir : ':memory:' });
      try {
        const orders = await refundTargets(server.url, target === 'ceiling');
        for (const operation of ['create', 'refund'] as const) {
          for (const concurrency of CONCURRENCY) {
            const tag = `${target}-${operation}-${concurrency}`;
            const cell = await runLoad({
              url: server.url,
              concurrency,
              durationMs,
              warmupMs,
              headers: { Authorization: AUTH_HEADER },
              expectStatus: operation === 'create' ? 201 : 200,
              serverCpuMs: () => processCpuMs(server.child.pid),
              next: (n) =>
                operation === 'create'
                  ? { path: '/psp/v2/order/', body: JSON.stringify(createBody(`${tag}-${n}`)) }
                  : { path: `/psp/v2/order/${orders[n % orders.length] ?? ''}/refund/`, body: JSON.stringify(refundBody(n)) },
            });
            cells.push({ ...cell, target, operation, concurrency });
          }
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return cells;
}

const cpuNote = ({ server }: LoadCell): string =>
  server === undefined ? '' : `; server CPU ${server.usPerRequest.toFixed(0)} µs a request, ${(server.busy * 100).toFixed(0)}% of a core`;

/**
 * Below this share of a core the ceiling's server was waiting for requests: its cell measured the
 * load generator (one process, one core), not a server, and a ratio against it says less.
 */
export const CEILING_SATURATED = 0.9;

const ceilingNote = ({ server }: LoadCell): string =>
  server === undefined || server.busy >= CEILING_SATURATED
    ? ''
    : `; the ceiling's server was busy ${(server.busy * 100).toFixed(0)}% of a core: the load generator set its pace`;

/**
 * The CPU the budget's rate would take at this run's CPU per request, the load generator's
 * included (it runs on the same machine). Above the machine's cores, no change to the sandbox that
 * keeps its CPU per request can reach the budget; only less CPU per request can.
 */
function coresForBudget(target: Target, operation: Operation, cell: LoadCell, ceilingCell: LoadCell, budget: number, cores: number): Figure[] {
  if (cell.server === undefined || cell.client === undefined) return [];
  const rate = budget * ceilingCell.rps;
  const { usPerRequest: server } = cell.server;
  const { usPerRequest: client } = cell.client;
  const note = `${rate.toFixed(0)} req/s × (${server.toFixed(0)} µs server + ${client.toFixed(0)} µs load generator) a request, as measured in this cell; this machine has ${cores}`;
  return [info(`sandbox (${target}): ${operation} at ${budget}x ceiling would take`, (rate * (server + client)) / 1e6, 'cores', note)];
}

export function sandboxLoadFigures(cells: readonly SandboxLoadCell[], cores = availableParallelism()): Figure[] {
  const find = (target: Target, operation: Operation, concurrency: number) =>
    cells.find((c) => c.target === target && c.operation === operation && c.concurrency === concurrency);
  const figures: Figure[] = [];
  const ceiling = find('ceiling', 'create', 16);
  const refundCeiling = find('ceiling', 'refund', 16);
  // A c16 cell against the ceiling's cell for the same operation, with the rates and what else matters in the note.
  const ratio = (target: Target, operation: Operation, cell: LoadCell, ceilingCell: LoadCell, budget: number, more = '') =>
    budgeted(`sandbox (${target}): ${operation} c16 / ceiling`, cell.rps / ceilingCell.rps, 'x', '>=', budget, `${cell.rps.toFixed(0)} vs ${ceilingCell.rps.toFixed(0)} req/s${more}${ceilingNote(ceilingCell)}`);
  for (const target of ['memory', 'file'] as const) {
    const cell = find(target, 'create', 16);
    if (cell !== undefined && ceiling !== undefined) {
      figures.push(
        ratio(target, 'create', cell, ceiling, CREATE_RATIO_BUDGET),
        ...coresForBudget(target, 'create', cell, ceiling, CREATE_RATIO_BUDGET, cores),
        budgeted(`sandbox (${target}): create c16 p99`, cell.p99, 'ms', '<=', CREATE_P99_BUDGET_MS),
      );
    }
    const refund = find(target, 'refund', 16);
    if (refund !== undefined && refundCeiling !== undefined) {
      const errors = refund.errors > 0 ? `; ${refund.errors} errors` : '';
      figures.push(
        ratio(target, 'refund', refund, refundCeiling, REFUND_RATIO_BUDGET, ` (the ceiling's refund cell); ${REFUND_ORDERS} orders round-robin, p99 ${refund.p99.toFixed(1)} ms${errors}`),
        ...coresForBudget(target, 'refund', refund, refundCeiling, REFUND_RATIO_BUDGET, cores),
      );
    }
  }
  // What each c16 cell cost its server: steadier than a rate, which also depends on the load generator.
  for (const cell of cells) {
    if (cell.concurrency !== 16 || cell.server === undefined) continue;
    const busy = `${(cell.server.busy * 100).toFixed(0)}% of a core`;
    figures.push(info(`sandbox (${cell.target}): ${cell.operation} c16 server CPU a request`, cell.server.usPerRequest, 'µs', busy));
    if (cell.target === 'ceiling') {
      const waiting = cell.server.busy < CEILING_SATURATED ? 'waiting for the load generator the rest of the time' : undefined;
      figures.push(info(`sandbox (ceiling): ${cell.operation} c16 server busy`, cell.server.busy * 100, '% of a core', waiting));
    }
  }
  for (const cell of cells) {
    const errors = cell.errors > 0 ? `; ${cell.errors} errors, first: ${cell.firstError ?? ''}` : '';
    figures.push(
      info(`sandbox (${cell.target}): ${cell.operation} c${cell.concurrency}`, cell.rps, 'req/s', `p50 ${cell.p50.toFixed(1)} ms, p99 ${cell.p99.toFixed(1)} ms${cpuNote(cell)}${errors}`),
    );
  }
  return figures;
}
