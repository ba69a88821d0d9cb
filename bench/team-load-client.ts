import { Agent, request } from 'node:http';
import { INTL_COOKIE } from '../src/contract/paths.ts';

// One simulated person's connection to the team console: their own keep-alive connections (as a
// browser keeps its own), the session cookie they signed in with, and every request timed from its
// first byte sent to its answer read whole. Writes carry Origin (the server's same-origin check);
// reads made without the person (the header's counts, the session clock) carry
// X-Console-Background, as the console's own background reads do, so they do not keep a session alive.

/** What the bench groups answers by: budgets apply to reads, searches and refunds. */
export type RequestClass = 'read' | 'search' | 'refund' | 'approval' | 'page' | 'background' | 'sign-in' | 'seed';

export interface Sample {
  cls: RequestClass;
  /** The route, without ids: "GET /env/sandbox/psp/v2/order/{id}/". */
  route: string;
  ms: number;
  /** 0: no answer (the connection failed or the request timed out). */
  status: number;
  /** Which console process answered (0 or 1). */
  server: number;
}

export interface Answer {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

/** No answer within this long counts as none (status 0). Bounded: a stuck server never stalls the run. */
const REQUEST_TIMEOUT_MS = 15_000;

export interface ClientOptions {
  /** The console processes' origins; request `server` picks one. */
  origins: readonly string[];
  /** Where every timed request goes. */
  record: (sample: Sample) => void;
  /** The browser's locale and time zone as the app tells the server (team pages render only with them). */
  intl: string;
}

export class PersonClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 6 });
  private session = '';

  constructor(private readonly options: ClientOptions) {}

  get signedIn(): boolean {
    return this.session !== '';
  }

  /** The cookies a signed-in browser sends: its session and its locale. */
  private cookie(): string {
    const intl = `${INTL_COOKIE}=${encodeURIComponent(this.options.intl)}`;
    return this.session === '' ? intl : `${this.session}; ${intl}`;
  }

  async send(
    server: number,
    cls: RequestClass,
    route: string,
    method: string,
    path: string,
    options: { body?: unknown; background?: boolean; accept?: string } = {},
  ): Promise<Answer> {
    const origin = this.options.origins[server % this.options.origins.length] ?? '';
    const base = new URL(origin);
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json', Cookie: this.cookie() };
    if (method !== 'GET') headers['Origin'] = origin;
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(body));
    }
    if (options.background === true) headers['X-Console-Background'] = '1';
    const started = performance.now();
    const attempt = () =>
      new Promise<Answer & { stale: boolean }>((resolve) => {
        const req = request({ agent: this.agent, host: base.hostname, port: base.port, path, method, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers, stale: false }));
          res.on('error', () => resolve({ status: 0, text: 'the answer broke off', headers: {}, stale: false }));
        });
        req.on('timeout', () => req.destroy(new Error('timed out')));
        // A kept-alive connection the server had just closed for being idle: the request never reached
        // it, and a browser sends it again on a new connection (Node's documentation advises the same).
        req.on('error', (error) => resolve({ status: 0, text: error.message, headers: {}, stale: req.reusedSocket && 'code' in error && error.code === 'ECONNRESET' }));
        req.end(body);
      });
    let answer = await attempt();
    if (answer.stale) answer = await attempt();
    this.options.record({ cls, route, ms: performance.now() - started, status: answer.status, server: server % this.options.origins.length });
    return answer;
  }

  /** Signs in once through `server`; the session then works on every process (it lives in the database). */
  async signIn(server: number, email: string, password: string): Promise<void> {
    const answer = await this.send(server, 'sign-in', 'POST /auth/sign-in', 'POST', '/auth/sign-in', { body: { email, password } });
    const setCookie = answer.headers['set-cookie'];
    const first = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0] ?? '').find((c) => c.includes('session'));
    if (answer.status !== 200 || first === undefined) throw new Error(`${email} could not sign in: ${answer.status} ${answer.text.slice(0, 200)}`);
    this.session = first;
  }

  close(): void {
    this.agent.destroy();
  }
}
