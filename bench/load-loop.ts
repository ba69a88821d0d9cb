import { Agent, request } from 'node:http';
import { percentile } from './stats.ts';

// A small closed-loop load generator: `concurrency` keep-alive connections, each sending its next
// request as soon as the last one is answered, for `durationMs` after a warm-up that is not counted.

export interface LoadCell {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** The first unexpected status and body, to tell a broken run from a slow one. */
  firstError?: string;
  /** The server process's CPU in the measured window, when LoadOptions.serverCpuMs could read it. */
  server?: ServerCpu;
  /** This process's CPU (the load generator's) in the measured window, per answered request. */
  client?: { usPerRequest: number };
}

export interface ServerCpu {
  /** CPU time (all the process's threads) per answered request. */
  usPerRequest: number;
  /** CPU time over wall time: 1 is one core kept busy. */
  busy: number;
}

export interface LoadOptions {
  url: string;
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  headers: Record<string, string>;
  /** The n-th request's path and JSON body. */
  next: (n: number) => { path: string; body: string };
  expectStatus: number;
  /** The server process's CPU so far in ms (child.ts processCpuMs), read as the measured window opens and closes. */
  serverCpuMs?: () => number | undefined;
}

function send(agent: Agent, base: URL, path: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, path, method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(options: LoadOptions): Promise<LoadCell> {
  const base = new URL(options.url);
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  let counter = 0;
  const started = performance.now();
  const measureFrom = started + options.warmupMs;
  const end = measureFrom + options.durationMs;
  let cpuFrom: number | undefined;
  let cpuTo: number | undefined;
  let clientFrom: NodeJS.CpuUsage | undefined;
  let clientUs: number | undefined;
  const cpuTimers = [
    setTimeout(() => {
      cpuFrom = options.serverCpuMs?.();
      clientFrom = process.cpuUsage();
    }, options.warmupMs),
    setTimeout(() => {
      cpuTo = options.serverCpuMs?.();
      const used = process.cpuUsage(clientFrom);
      if (clientFrom !== undefined) clientUs = used.user + used.system;
    }, options.warmupMs + options.durationMs),
  ];
  const worker = async () => {
    while (performance.now() < end) {
      const { path, body } = options.next(counter++);
      const sent = performance.now();
      let status = 0;
      let text: string;
      try {
        ({ status, text } = await send(agent, base, path, body, options.headers));
      } catch (error) {
        text = error instanceof Error ? error.message : String(error);
      }
      const done = performance.now();
      if (sent < measureFrom || done > end) continue;
      latencies.push(done - sent);
      if (status !== options.expectStatus) {
        errors++;
        firstError ??= `${status} ${text.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  for (const timer of cpuTimers) clearTimeout(timer);
  agent.destroy();
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / (options.durationMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...(firstError !== undefined && { firstError }),
    ...(cpuFrom !== undefined &&
      cpuTo !== undefined &&
      latencies.length > 0 && { server: { usPerRequest: ((cpuTo - cpuFrom) * 1000) / latencies.length, busy: (cpuTo - cpuFrom) / options.durationMs } }),
    ...(clientUs !== undefined && latencies.length > 0 && { client: { usPerRequest: clientUs / latencies.length } }),
  };
}
