import { startThrowawayPostgres } from '../src/sandbox/testing/postgres-server.ts';
import type { ChildServer } from './child.ts';
import { startChild } from './child.ts';
import { AUTH_HEADER, createBody, refundBody } from './fixtures.ts';
import type { LoadCell } from './load-loop.ts';
import { runLoad } from './load-loop.ts';
import type { Figure } from './report.ts';
import { info } from './report.ts';
import { CEILING_ENTRY, refundTargets } from './sandbox-load.ts';
import { SANDBOX_ENTRY } from './servers.ts';

// The team sandbox (D15) on a PostgreSQL server, with one and with two sandbox processes
// on one database, beside the bare node:http ceiling of the same run. A throwaway PostgreSQL from
// the machine's binaries (durable: fsync and synchronous commit on, as a real server has them).
// With two processes the c16 load is split evenly, 8 connections to each, and the figure is their
// sum; the scaling ratio is two processes over one. On a 2-core machine the database, both
// processes and the load generator share the cores, so the ratio says more about a bigger machine
// only in its sign: it shows whether a second process adds or costs.

const CONCURRENCY = 16;

export type PostgresTarget = 'ceiling' | 'postgres x1' | 'postgres x2';
export type Operation = 'create' | 'refund';

export interface PostgresLoadCell extends LoadCell {
  target: PostgresTarget;
  operation: Operation;
}

/** The c16 load split over the servers (their connections add up to 16); one cell, summed. */
async function splitLoad(urls: readonly string[], operation: Operation, orders: readonly string[], tag: string, durationMs: number, warmupMs: number): Promise<LoadCell> {
  const share = CONCURRENCY / urls.length;
  const cells = await Promise.all(
    urls.map((url, server) =>
      runLoad({
        url,
        concurrency: share,
        durationMs,
        warmupMs,
        headers: { Authorization: AUTH_HEADER },
        expectStatus: operation === 'create' ? 201 : 200,
        next: (n) =>
          operation === 'create'
            ? { path: '/psp/v2/order/', body: JSON.stringify(createBody(`${tag}-${server}-${n}`)) }
            : // Each server refunds its own half of the orders: two processes never queue on one order's lock.
              { path: `/psp/v2/order/${orders[(n * urls.length + server) % orders.length] ?? ''}/refund/`, body: JSON.stringify(refundBody(n * urls.length + server)) },
      }),
    ),
  );
  const errors = cells.reduce((sum, c) => sum + c.errors, 0);
  const firstError = cells.find((c) => c.firstError !== undefined)?.firstError;
  return {
    requests: cells.reduce((sum, c) => sum + c.requests, 0),
    errors,
    rps: cells.reduce((sum, c) => sum + c.rps, 0),
    // The slower server's median and tail: what a client of the pair sees at worst.
    p50: Math.max(...cells.map((c) => c.p50)),
    p99: Math.max(...cells.map((c) => c.p99)),
    ...(firstError !== undefined && { firstError }),
  };
}

export async function measurePostgresLoad(durationMs: number, warmupMs: number): Promise<PostgresLoadCell[]> {
  const cells: PostgresLoadCell[] = [];
  const postgres = await startThrowawayPostgres({ durable: true });
  try {
    for (const target of ['ceiling', 'postgres x1', 'postgres x2'] as const) {
      const servers: ChildServer[] = [];
      try {
        if (target === 'ceiling') servers.push(await startChild(CEILING_ENTRY, {}));
        else {
          // A fresh database per target, so both see the same amount of data.
          const url = await postgres.createDatabase('bench');
          const count = target === 'postgres x1' ? 1 : 2;
          for (let i = 0; i < count; i++) servers.push(await startChild(SANDBOX_ENTRY, { BENCH_DB: url }));
        }
        const urls = servers.map((s) => s.url);
        const orders = await refundTargets(urls[0] ?? '', target === 'ceiling', 'pg-refund-target');
        for (const operation of ['create', 'refund'] as const) {
          const cell = await splitLoad(urls, operation, orders, `${target.replace(' ', '-')}-${operation}`, durationMs, warmupMs);
          cells.push({ ...cell, target, operation });
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
  } finally {
    await postgres.stop();
  }
  return cells;
}

export function postgresLoadFigures(cells: readonly PostgresLoadCell[]): Figure[] {
  const find = (target: PostgresTarget, operation: Operation) => cells.find((c) => c.target === target && c.operation === operation);
  const figures: Figure[] = [];
  for (const operation of ['create', 'refund'] as const) {
    const ceiling = find('ceiling', operation);
    const one = find('postgres x1', operation);
    const two = find('postgres x2', operation);
    for (const cell of [one, two]) {
      if (cell === undefined || ceiling === undefined) continue;
      const errors = cell.errors > 0 ? `; ${cell.errors} errors, first: ${cell.firstError ?? ''}` : '';
      figures.push(
        info(`sandbox (${cell.target}): ${operation} c16`, cell.rps, 'req/s', `p50 ${cell.p50.toFixed(1)} ms, p99 ${cell.p99.toFixed(1)} ms${errors}`),
        info(`sandbox (${cell.target}): ${operation} c16 / ceiling`, cell.rps / ceiling.rps, 'x', `${cell.rps.toFixed(0)} vs ${ceiling.rps.toFixed(0)} req/s`),
      );
    }
    if (one !== undefined && two !== undefined && one.rps > 0) {
      figures.push(info(`sandbox (postgres): ${operation} c16, two processes / one`, two.rps / one.rps, 'x', 'on this machine the database, both processes and the load share the cores'));
    }
  }
  return figures;
}
