import { readStreamBytes } from '../http/body.ts';
import type { FetchApp } from '../http/listen.ts';
import { MAX_PROXIED_ANSWER_BYTES } from './proxy.ts';
import type { TokenScrubber } from './token-scrub.ts';
import { tokenScrubber } from './token-scrub.ts';
import type { TeamEnvironment } from './team-config.ts';

// A call to an environment's Order Service with its partner token, answered as the service answered:
// what the gateway passes on to a machine client as it is (status, body, headers) and the refresher
// reads. Unlike forward.ts's answers to the browser, nothing is rewritten for a browser's safety (a
// machine renders nothing); the token is the one thing that never comes back (the caller scrubs with
// `scrubber`). The embedded sandbox is called in-process; a service over HTTP with a timeout, and
// an answer larger than the proxy's bound counts as no answer.

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
}

export interface UpstreamRequest {
  method: string;
  /** Path and query after the environment's base URL: /psp/v2/order/…/ */
  path: string;
  headers: Headers;
  body?: Uint8Array;
  /** The sandbox writes its checkout links on the origin the request came to (the console's own). */
  origin?: string;
}

export interface Upstream {
  /** null: the service could not be reached, timed out, or answered beyond the bound. */
  call(environment: TeamEnvironment, request: UpstreamRequest): Promise<UpstreamAnswer | null>;
  /** The scrubber of the environment's token (every form token-scrub.ts knows). */
  scrubber(environment: TeamEnvironment): TokenScrubber;
}

const TIMEOUT_MS = 30_000;
const LOOPBACK = 'http://127.0.0.1';

class TooLarge extends Error {}

async function capped(response: Response): Promise<Uint8Array> {
  if (Number(response.headers.get('content-length') ?? '0') > MAX_PROXIED_ANSWER_BYTES) {
    await response.body?.cancel();
    throw new TooLarge();
  }
  if (response.body === null) return new Uint8Array(0);
  return readStreamBytes(response.body, MAX_PROXIED_ANSWER_BYTES, () => new TooLarge());
}

export function upstream(sandbox: { app: FetchApp; token: string } | undefined): Upstream {
  const scrubbers = new Map<string, TokenScrubber>();
  const tokenOf = (environment: TeamEnvironment) => (environment.target.kind === 'http' ? environment.target.token : (sandbox?.token ?? ''));
  return {
    scrubber(environment) {
      let scrubber = scrubbers.get(environment.id);
      if (scrubber === undefined) {
        scrubber = tokenScrubber([tokenOf(environment)]);
        scrubbers.set(environment.id, scrubber);
      }
      return scrubber;
    },
    async call(environment, request) {
      const headers = new Headers(request.headers);
      headers.set('Authorization', `Token ${tokenOf(environment)}`);
      const base = environment.target.kind === 'http' ? environment.target.baseUrl : (request.origin ?? LOOPBACK);
      const init: RequestInit = { method: request.method, headers, ...(request.body !== undefined && { body: request.body }) };
      try {
        if (environment.target.kind === 'sandbox') {
          if (sandbox === undefined) return null;
          const response = await sandbox.app.fetch(new Request(`${base}${request.path}`, init), undefined);
          return { status: response.status, headers: response.headers, body: await capped(response) };
        }
        const response = await fetch(`${base}${request.path}`, { ...init, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
        return { status: response.status, headers: response.headers, body: await capped(response) };
      } catch {
        return null;
      }
    },
  };
}
