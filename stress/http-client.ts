import { Agent, request } from 'node:http';

// A small HTTP client for the load: node:http with its own keep-alive agent, so a scenario decides
// how many connections it opens, and a network failure is told apart from an answer.

export interface Answer {
  status: number;
  text: string;
  ms: number;
}

/** The request got no answer: refused, reset, or the server died under it. */
export class NetworkError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'NetworkError';
    this.code = code;
  }
}

export interface Client {
  send(method: string, path: string, body?: unknown): Promise<Answer>;
  close(): void;
}

const REQUEST_TIMEOUT_MS = 30_000;

export function createClient(baseUrl: string, token: string, maxSockets: number): Client {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets });
  return {
    send(method, path, body) {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string | number> = { Authorization: `Token ${token}`, Accept: 'application/json' };
      if (payload !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(payload);
      }
      const started = performance.now();
      return new Promise((resolve, reject) => {
        const req = request({ agent, host: base.hostname, port: base.port, method, path, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
          res.on('error', (error: NodeJS.ErrnoException) => reject(new NetworkError(error.code ?? 'ERESPONSE', error.message)));
        });
        req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
        req.on('error', (error: NodeJS.ErrnoException) => reject(new NetworkError(error.code ?? 'ETIMEDOUT', error.message)));
        req.end(payload);
      });
    },
    close() {
      agent.destroy();
    },
  };
}

/** The body as JSON, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Nearest-rank percentile of latencies in ms. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
