import type { z } from 'zod';
import type { Environment } from './environments.ts';
import { getToken } from './environments.ts';
import type { ApiServer } from './api-error.ts';
import { ApiError, apiErrorFromResponse } from './api-error.ts';
import { serverConfigSettled } from './server-config.ts';
import { journal } from './journal.ts';
import { isTeamMode } from './server-config.ts';
import { REDACTED, redactToken, redactTokenInValues } from './redact.ts';
import { sessionActivity } from './session-activity.ts';
import { BACKGROUND_HEADERS } from '../../contract/session.ts';

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
  /** Team mode: a read the page makes by itself (a poll), which must not keep the session alive (contract/session.ts). */
  background?: boolean;
  /**
   * This very request, already sent by public/boot.js while the app's code downloaded:
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

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or null for an empty body (204). */
  data: T;
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

/** The absolute URL of a path on the console's own server (this site). */
export function consoleUrl(path: string, query?: Record<string, string | undefined>): string {
  return serviceUrl({ baseUrl: '' }, path, query);
}

/**
 * One call to an environment's Order Service: Token header, JSON in and out, a timeout, an entry in
 * the journal. Never retries: whether to try again is the caller's decision (refunds must not be
 * sent twice). The answer comes as received: its reader (a contract schema, or the D9 check of
 * received-order.ts, which reports a mismatch instead of failing) is the caller's.
 */
export async function apiRequest(environment: Environment, request: ApiRequest): Promise<ApiResponse> {
  const url = serviceUrl(environment, request.path, request.query);
  // A token is the service's it was entered for: on this console's own origin, which
  // service that is comes with the server's config, so it is known before the token is read.
  if (environment.baseUrl === '') await serverConfigSettled();
  // Team mode (D16): the session cookie goes along and the server adds the token; none is here.
  const team = isTeamMode();
  const token = team ? null : getToken(environment.id);
  const sent = request.sent;
  const takeSent = sent !== undefined && token !== null && request.method === 'GET' && request.body === undefined && sent.url === url && sent.token === token;
  if (!takeSent) sent?.abort();
  return send({
    server: 'service',
    url,
    request,
    token,
    credentials: team ? 'same-origin' : 'omit',
    journalAs: request.unjournaled === true ? null : environment,
    ...(takeSent ? { sent } : {}),
  });
}

/** A call to the console's own server (team mode, D16): contract/console-api.ts holds its paths and answers. */
export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Shown in the journal under this environment: a call the person made about it (a refund, a search). Left out otherwise. */
  journalAs?: Environment;
  /** A read the page makes by itself (a poll), which must not keep the session alive (contract/session.ts). */
  background?: boolean;
}

/**
 * Longer than the console server's own wait for the Order Service, so that a refund it forwards (a team
 * refund, an approval) is answered by the server, with what became of it, before this gives up.
 */
export const CONSOLE_TIMEOUT_MS = 35_000;

/**
 * One call to the console's own server: this site, the session cookie, never a token, and the answer
 * parsed by its contract schema. A refusal, a lost or unreadable answer and one that does not match
 * the schema are all ApiError (server 'console'), so the query client's error handling sees every
 * one of them: a session that ended opens the sign-in dialog whichever call found it out.
 */
export async function consoleRequest<S extends z.ZodType>(schema: S, request: ConsoleRequest): Promise<ApiResponse<z.output<S>>> {
  const url = consoleUrl(request.path, request.query);
  const response = await send({
    server: 'console',
    url,
    request: { ...request, timeoutMs: request.timeoutMs ?? CONSOLE_TIMEOUT_MS },
    token: null,
    credentials: 'same-origin',
    journalAs: request.journalAs ?? null,
  });
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) {
    throw new ApiError({
      kind: 'http',
      server: 'console',
      method: request.method,
      url,
      status: response.status,
      detail: `The console's answer does not have the shape this page expects (${request.method} ${request.path}): ${mismatchesOf(parsed.error).slice(0, 3).join('; ')}`,
    });
  }
  return { status: response.status, data: parsed.data };
}

interface Call {
  server: ApiServer;
  url: string;
  request: Pick<ApiRequest, 'method' | 'path' | 'body' | 'signal' | 'timeoutMs' | 'background'> | ConsoleRequest;
  /** Sent as `Authorization: Token …` (personal mode's Order Service), else null: taken out of everything the journal keeps and of every answer. */
  token: string | null;
  credentials: RequestCredentials;
  journalAs: Pick<Environment, 'id' | 'name'> | null;
  /** boot.js's request for this very call, whose answer is taken instead of sending it again. */
  sent?: SentRequest;
}

/** The one place a request leaves the console: headers, timeout, cancel, journal, and every failure as an ApiError. */
async function send(call: Call): Promise<ApiResponse> {
  const { request, url, sent } = call;
  const token = call.token ?? '';
  const body = request.body === undefined ? null : JSON.stringify(request.body);
  const headers: Record<string, string> = call.token === null ? { Accept: 'application/json' } : { Accept: 'application/json', Authorization: `Token ${token}` };
  if (body !== null) headers['Content-Type'] = 'application/json';
  // Team mode (this site, the session cookie): the idle clock counts only the person's requests. A
  // cross-origin service (personal mode) never sees the header: it would ask for a CORS preflight.
  if (call.credentials === 'same-origin') {
    if (request.background === true) Object.assign(headers, BACKGROUND_HEADERS);
    else sessionActivity.note();
  }

  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  // A timeout or the caller's cancel reaches the early request too.
  if (sent !== undefined) controller.signal.addEventListener('abort', () => sent.abort());
  // Cancelled while the server's config was awaited: the listener came too late to hear it.
  if (request.signal?.aborted === true) controller.abort();

  const started = performance.now();
  // The journal never holds the token: the header as the journal shows it, and the answer with any
  // echo of the token taken out (a service may reflect what it got).
  const journalSafe = (text: string) => redactToken(text, token);
  const entryId =
    call.journalAs === null
      ? null
      : journal.start({
          startedAt: new Date().toISOString(),
          method: request.method,
          url,
          // The journal's path is the service path alone; its query is the URL's (a page of the history
          // asks `…/events?limit=…`, and an exported spec puts path and query together once).
          path: request.path.split('?', 1)[0] ?? request.path,
          environmentName: call.journalAs.name,
          environmentId: call.journalAs.id,
          requestHeaders: call.token === null ? { ...headers } : { ...headers, Authorization: `Token ${REDACTED}` },
          requestBody: body === null ? null : journalSafe(body),
        });
  const elapsed = () => Math.round(performance.now() - started);

  let response: Response;
  let text: string;
  try {
    response = await (sent !== undefined ? sent.response : fetch(url, { method: request.method, headers, body, signal: controller.signal, credentials: call.credentials }));
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
    throw new ApiError({ kind, server: call.server, method: request.method, url });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (entryId !== null) journal.finish(entryId, { status: response.status, durationMs: elapsed(), responseBody: journalSafe(text), error: null });
  // What the service says is shown in many places; none of them may show the token back.
  if (!response.ok) throw apiErrorFromResponse(request.method, url, response.status, journalSafe(text), response.headers.get('Retry-After'), call.server);
  if (text === '') return { status: response.status, data: null };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    const who = call.server === 'console' ? 'The console' : 'The service';
    throw new ApiError({ kind: 'http', server: call.server, method: request.method, url, status: response.status, rawText: journalSafe(text), detail: `${who} answered with something that is not JSON` });
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
  return { value: null, mismatches: mismatchesOf(result.error) };
}

/** A schema's complaints as `path: message` lines. */
function mismatchesOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(body)'}: ${issue.message}`);
}
