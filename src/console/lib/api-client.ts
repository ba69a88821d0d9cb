import type { z } from 'zod';
import type { Environment } from './environments.ts';
import { getToken } from './environments.ts';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { serverConfigSettled } from './server-config.ts';
import { journal } from './journal.ts';
import { isTeamMode } from './server-config.ts';
import { REDACTED, redactToken, redactTokenInValues } from './redact.ts';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface ApiRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Left out of the journal: a check the console makes by itself on every page (the header's armed
   * faults), which would bury the calls the person made.
   */
  unjournaled?: boolean;
  /**
   * This very request, already sent by public/boot.js while the app's code downloaded (issue 27):
   * its answer is taken instead of sending it again, when the URL and token it went out with are the
   * ones this call would send; otherwise it is cancelled and the call sends its own.
   */
  sent?: SentRequest | undefined;
}

/** A GET public/boot.js sent before the app ran (boot-requests.ts takes it from the page). */
export interface SentRequest {
  url: string;
  token: string;
  response: Promise<Response>;
  abort: () => void;
}

export interface ApiResponse {
  status: number;
  /** Parsed JSON, or null for an empty body (204). */
  data: unknown;
}

/** The absolute URL of a path on an environment; an empty base URL means this site. */
export function serviceUrl(environment: Pick<Environment, 'baseUrl'>, path: string, query?: Record<string, string | undefined>): string {
  const base = environment.baseUrl === '' ? window.location.origin : environment.baseUrl.replace(/\/+$/, '');
  const url = new URL(base + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * One call to the service: Token header, JSON in and out, a timeout, an entry in the journal.
 * Never retries: whether to try again is the caller's decision (refunds must not be sent twice).
 */
export async function apiRequest(environment: Environment, request: ApiRequest): Promise<ApiResponse> {
  const url = serviceUrl(environment, request.path, request.query);
  const body = request.body === undefined ? null : JSON.stringify(request.body);
  // A token is the service's it was entered for (issue 23 #8): on this console's own origin, which
  // service that is comes with the server's config, so it is known before the token is read.
  if (environment.baseUrl === '') await serverConfigSettled();
  // Team mode (D16): the session cookie goes along and the server adds the token; none is here.
  const team = isTeamMode();
  const token = getToken(environment.id);
  const headers: Record<string, string> = team ? { Accept: 'application/json' } : { Accept: 'application/json', Authorization: `Token ${token}` };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  const sent = request.sent;
  const takeSent = sent !== undefined && !team && request.method === 'GET' && body === null && sent.url === url && sent.token === token;
  // A timeout or the caller's cancel reaches the early request too; one not taken is not needed.
  if (takeSent) controller.signal.addEventListener('abort', () => sent.abort());
  else sent?.abort();
  // Cancelled while the server's config was awaited: the listener came too late to hear it.
  if (request.signal?.aborted === true) controller.abort();

  const started = performance.now();
  // The journal never holds the token: the header as the journal shows it, and the answer with any
  // echo of the token taken out (a service may reflect what it got).
  const journalSafe = (text: string) => redactToken(text, token);
  const entryId = request.unjournaled === true ? null : journal.start({
    startedAt: new Date().toISOString(),
    method: request.method,
    url,
    // The journal's path is the service path alone; its query is the URL's (a page of the history
    // asks `…/events?limit=…`, and an exported spec puts path and query together once).
    path: request.path.split('?', 1)[0] ?? request.path,
    environmentName: environment.name,
    environmentId: environment.id,
    requestHeaders: team ? { ...headers } : { ...headers, Authorization: `Token ${REDACTED}` },
    requestBody: body === null ? null : journalSafe(body),
  });
  const elapsed = () => Math.round(performance.now() - started);

  let response: Response;
  let text: string;
  try {
    response = await (takeSent ? sent.response : fetch(url, { method: request.method, headers, body, signal: controller.signal, credentials: team ? 'same-origin' : 'omit' }));
    text = await response.text();
  } catch (cause) {
    const kind = timedOut ? 'timeout' : 'network';
    const aborted = !timedOut && request.signal?.aborted === true;
    if (entryId !== null) {
      journal.finish(entryId, {
        status: null,
        durationMs: elapsed(),
        responseBody: null,
        error: aborted ? 'Cancelled' : kind === 'timeout' ? `No answer within ${timeoutMs / 1000} s` : 'Service unreachable',
      });
    }
    if (aborted) throw cause;
    throw new ApiError({ kind, method: request.method, url });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (entryId !== null) journal.finish(entryId, { status: response.status, durationMs: elapsed(), responseBody: journalSafe(text), error: null });
  // Issue 23 #6: what the service says is shown in many places; none of them may show the token back.
  if (!response.ok) throw apiErrorFromResponse(request.method, url, response.status, journalSafe(text), response.headers.get('Retry-After'));
  if (text === '') return { status: response.status, data: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ApiError({ kind: 'http', method: request.method, url, status: response.status, rawText: journalSafe(text), detail: 'The service answered with something that is not JSON' });
  }
  return { status: response.status, data: redactTokenInValues(data, token) };
}

export interface Checked<T> {
  /** The value as documented, when it matched. */
  value: T | null;
  /** What did not match the documented schema, as `path: message` lines (D9). */
  mismatches: string[];
}

/** Parses with a contract schema without throwing: a mismatch is reported, not fatal (D9). */
export function checkAgainst<S extends z.ZodType>(schema: S, data: unknown): Checked<z.infer<S>> {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, mismatches: [] };
  return {
    value: null,
    mismatches: result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`),
  };
}
