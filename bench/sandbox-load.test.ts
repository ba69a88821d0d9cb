import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { processCpuMs } from './child.ts';
import type { LoadCell } from './load-loop.ts';
import { runLoad } from './load-loop.ts';
import { formatTable } from './report.ts';
import type { SandboxLoadCell } from './sandbox-load.ts';
import { sandboxLoadFigures } from './sandbox-load.ts';

const linux = process.platform === 'linux';

function cell(target: SandboxLoadCell['target'], operation: SandboxLoadCell['operation'], rps: number, server?: LoadCell['server'], client?: LoadCell['client']): SandboxLoadCell {
  return { target, operation, concurrency: 16, requests: rps * 2.5, errors: 0, rps, p50: 4, p99: 12, ...(server !== undefined && { server }), ...(client !== undefined && { client }) };
}

describe('the sandbox throughput figures', () => {
  it.skipIf(!linux)('reads a process CPU time that grows while it computes, and nothing for a process that is gone', async () => {
    // A child that computes until it has used 300 ms of CPU, says so, then waits to be read.
    const spin = 'while (process.cpuUsage().user + process.cpuUsage().system < 300000); process.stdout.write("done"); setInterval(() => {}, 1000);';
    const child = spawn(process.execPath, ['-e', spin], { stdio: ['ignore', 'pipe', 'ignore'] });
    onTestFinished(() => void child.kill());
    const before = processCpuMs(child.pid);
    expect(before).toBeGreaterThanOrEqual(0);
    await new Promise((resolve) => child.stdout.once('data', resolve));
    const after = processCpuMs(child.pid) ?? 0;
    // Node's own start-up is in both readings; the 300 ms it computed after the first one is not.
    expect(after - (before ?? 0)).toBeGreaterThanOrEqual(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    expect(processCpuMs(child.pid)).toBeUndefined();
    expect(processCpuMs(undefined)).toBeUndefined();
  });

  it.skipIf(!linux)('gives a cell the server CPU of its measured window, per answered request', async () => {
    const { createServer } = await import('node:http');
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(201).end('{}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void server.close());
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    // This process is the server here; the load loop runs in it too, so the CPU is at least the server's.
    const result = await runLoad({
      url: `http://127.0.0.1:${port}`,
      concurrency: 2,
      durationMs: 600,
      warmupMs: 100,
      headers: {},
      expectStatus: 201,
      next: () => ({ path: '/', body: '{}' }),
      serverCpuMs: () => processCpuMs(process.pid),
    });
    expect(result.requests).toBeGreaterThan(0);
    expect(result.server?.usPerRequest).toBeGreaterThan(0);
    expect(result.server?.busy).toBeGreaterThan(0.1);
    // Here the load generator and the server are one process: its CPU a request is the same reading.
    expect(result.client?.usPerRequest).toBeGreaterThan(0);
    expect(result.client?.usPerRequest ?? 0).toBeLessThanOrEqual((result.server?.usPerRequest ?? 0) * 1.5 + 20);
  });

  it('shows what a create and a refund cost the server, and says when the ceiling waited for the load generator', () => {
    const figures = sandboxLoadFigures([
      cell('ceiling', 'create', 18_000, { usPerRequest: 41, busy: 0.74 }),
      cell('ceiling', 'refund', 24_000, { usPerRequest: 31, busy: 0.75 }),
      cell('memory', 'create', 2_900, { usPerRequest: 415, busy: 1.2 }),
      cell('memory', 'refund', 3_600, { usPerRequest: 308, busy: 1.1 }),
    ]);
    const table = formatTable(figures);
    expect(table).toMatch(/sandbox \(memory\): create c16 server CPU a request +\| 415 µs/);
    expect(table).toMatch(/sandbox \(memory\): refund c16 server CPU a request +\| 308 µs/);
    expect(table).toMatch(/sandbox \(ceiling\): create c16 server busy +\| 74 % of a core/);
    const ratio = figures.find((f) => f.name === 'sandbox (memory): create c16 / ceiling');
    expect(ratio?.pass).toBe(false);
    expect(ratio?.note).toContain("the ceiling's server was busy 74% of a core: the load generator set its pace");
  });

  it('says how many cores the budget rate would take at the CPU a request measured, the load generator included', () => {
    const figures = sandboxLoadFigures(
      [
        cell('ceiling', 'create', 18_000, { usPerRequest: 41, busy: 0.74 }, { usPerRequest: 55 }),
        cell('memory', 'create', 2_900, { usPerRequest: 415, busy: 1.2 }, { usPerRequest: 85 }),
        cell('ceiling', 'refund', 20_000, { usPerRequest: 33, busy: 0.7 }, { usPerRequest: 50 }),
        cell('file', 'refund', 3_000, { usPerRequest: 300, busy: 1.1 }),
      ],
      2,
    );
    // 0.35 x 18,000 = 6,300 creates/s at 415 + 85 µs each: 3.15 cores.
    const create = figures.find((f) => f.name === 'sandbox (memory): create at 0.35x ceiling would take');
    expect(create?.value).toBeCloseTo(3.15, 5);
    expect(create?.unit).toBe('cores');
    expect(create?.note).toBe('6300 req/s × (415 µs server + 85 µs load generator) a request, as measured in this cell; this machine has 2');
    expect(formatTable(figures)).toMatch(/sandbox \(memory\): create at 0.35x ceiling would take +\| 3.15 cores/);
    // Without the load generator's CPU the sum would be a guess: no figure.
    expect(figures.some((f) => f.name.startsWith('sandbox (file): refund at'))).toBe(false);
  });

  it('adds no CPU figure and no note where the CPU could not be read, nor a note when the ceiling kept its core busy', () => {
    const figures = sandboxLoadFigures([cell('ceiling', 'create', 6_000, { usPerRequest: 160, busy: 0.96 }), cell('memory', 'create', 2_900)]);
    expect(figures.some((f) => f.name === 'sandbox (memory): create c16 server CPU a request')).toBe(false);
    expect(figures.find((f) => f.name === 'sandbox (memory): create c16 / ceiling')?.note).toBe('2900 vs 6000 req/s');
    expect(figures.find((f) => f.name === 'sandbox (ceiling): create c16 server busy')?.note).toBeUndefined();
  });
});
