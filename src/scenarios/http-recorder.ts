import type { Exchange } from './report-schema.ts';
import { parseJson } from '../contract/json-text.ts';

// Every call a scenario makes goes through here and is recorded as it went: request (token masked),
// answer, timing. Runs in the browser and in Node with the global fetch.

export const DEFAULT_CALL_TIMEOUT_MS = 15_000;
/** A recorded body longer than this is cut (the whole answer is still what the checks read). */
export const MAX_RECORDED_BODY = 64 * 1024;
export const MASK = '****';

/**
 * `token`: `Token <the run's token>`; `none`: no Authorization header; `header`: exactly this value;
 * `scheme`: the run's token under another scheme (`Bearer <token>`).
 */
export type AuthMode = 'token' | 'none' | { header: string } | { scheme: string };

export interface CallRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path on the base URL, query included. */
  path: string;
  auth?: AuthMode;
  /** Sent as JSON with Content-Type application/json. */
  json?: unknown;
  /** Posts an empty HTML form (application/x-www-form-urlencoded), as a browser submits one. */
  form?: boolean;
  /** `manual`: a redirect is the answer, not followed (a browser then hides where it points). */
  redirect?: 'manual' | 'follow';
  timeoutMs?: number;
}

export interface CallResult {
  exchange: Exchange;
  /** null when no answer came. */
  status: number | null;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  headers: Headers | null;
}

export interface Recorder {
  call(request: CallRequest, signal?: AbortSignal): Promise<CallResult>;
}

export interface RecorderOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  /** Each finished exchange, as it finishes. */
  onExchange?: (exchange: Exchange) => void;
  /** Shared across recorders of one run, so `seq` counts the whole run. */
  sequence?: { next: number };
  /** Sent with every call (the sandbox namespace of a run), and recorded like the others. */
  headers?: Readonly<Record<string, string>>;
  /** The fetch to call with; default the global one (the console server passes its embedded sandbox's, in-process). */
  fetch?: ScenarioFetch;
}

export type ScenarioFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The header as recorded: its scheme kept, the credential replaced by ****. */
export function maskAuthorization(value: string): string {
  const scheme = /^\s*(\S+)\s+\S/.exec(value)?.[1];
  return scheme === undefined ? MASK : `${scheme} ${MASK}`;
}

/** Every occurrence of the token replaced: defence in depth against a service that echoes it back. */
export function redact(text: string, token: string): string {
  return token === '' ? text : text.split(token).join(MASK);
}

function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number, aborted: boolean): string {
  if (timedOut) return `no answer within ${timeoutMs / 1000} s`;
  if (aborted) return 'cancelled';
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null;
  return `no answer: ${cause !== null && cause !== message ? `${message} (${cause})` : message}`;
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const sequence = options.sequence ?? { next: 1 };
  const token = options.token;
  const clean = (text: string) => redact(text, token);

  return {
    async call(request, signal) {
      const url = joinUrl(options.baseUrl, request.path);
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
      const auth = request.auth ?? 'token';
      if (auth === 'token') headers['Authorization'] = `Token ${token}`;
      else if (auth !== 'none') headers['Authorization'] = 'scheme' in auth ? `${auth.scheme} ${token}` : auth.header;
      let body: string | null = null;
      if (request.json !== undefined) {
        body = JSON.stringify(request.json);
        headers['Content-Type'] = 'application/json';
      } else if (request.form === true) {
        body = '';
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
        headers['Accept'] = 'text/html';
      }
      const recordedHeaders = Object.fromEntries(
        Object.entries(headers).map(([name, value]) => [name, name === 'Authorization' ? maskAuthorization(value) : clean(value)]),
      );

      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort);

      const startedAt = new Date().toISOString();
      const started = performance.now();
      let response: Response | null = null;
      let text = '';
      let error: string | null = null;
      try {
        response = await (options.fetch ?? fetch)(url, {
          method: request.method,
          headers,
          body,
          signal: controller.signal,
          redirect: request.redirect ?? 'manual',
          credentials: 'omit',
        });
        text = await response.text();
      } catch (cause) {
        error = describeFailure(cause, timedOut, timeoutMs, signal?.aborted === true);
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      }
      const durationMs = Math.round((performance.now() - started) * 10) / 10;

      // A browser answers a manual redirect with an opaque response (status 0, no headers).
      const status = response === null ? null : response.type === 'opaqueredirect' ? 0 : response.status;
      const exchange: Exchange = {
        seq: sequence.next++,
        method: request.method,
        url: clean(url),
        request: { headers: recordedHeaders, body: body === null ? null : clean(body) },
        response:
          response === null || status === null
            ? null
            : {
                status,
                headers: Object.fromEntries([...response.headers].map(([name, value]) => [name, clean(value)])),
                body: clean(text.length > MAX_RECORDED_BODY ? text.slice(0, MAX_RECORDED_BODY) : text),
                truncated: text.length > MAX_RECORDED_BODY,
              },
        error,
        started_at: startedAt,
        duration_ms: durationMs,
      };
      options.onExchange?.(exchange);
      return { exchange, status, text, json: parseJson(text), headers: response?.headers ?? null };
    },
  };
}
