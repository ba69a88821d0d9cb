import { flattenDrfErrors } from '../../contract/drf-errors.ts';
import type { FlatFieldError } from '../../contract/drf-errors.ts';
import { parseRetryAfter } from '../../contract/retry-after.ts';

export { parseRetryAfter };

export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** Which server the call went to: an environment's Order Service, or the console's own (team mode's /api). */
export type ApiServer = 'service' | 'console';

interface ApiErrorInit {
  kind: ApiErrorKind;
  /** The Order Service when left out. */
  server?: ApiServer;
  method: string;
  url: string;
  status?: number;
  detail?: string;
  code?: string;
  fieldErrors?: FlatFieldError[];
  nonFieldErrors?: string[];
  rawText?: string;
  retryAfterSeconds?: number;
  /** The refusal's body as parsed JSON, when it was JSON. */
  body?: unknown;
}

/** Every failure of a call to a server, the Order Service or the console's own, in one shape the UI can read (D3, D9). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly server: ApiServer;
  readonly method: string;
  readonly url: string;
  readonly status: number | undefined;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly fieldErrors: FlatFieldError[];
  readonly nonFieldErrors: string[];
  /** The body as text when it was not a DRF shape (HTML error pages, proxies). */
  readonly rawText: string | undefined;
  /** Retry-After of the answer (429, 503), in seconds, when it named a whole number of them. */
  readonly retryAfterSeconds: number | undefined;
  /** The refusal's body as parsed JSON (parse it before use): some carry more than words, e.g. the run a plan already is. */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(describe(init));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.server = init.server ?? 'service';
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.nonFieldErrors = init.nonFieldErrors ?? [];
    this.rawText = init.rawText;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.body = init.body ?? null;
  }

  /**
   * The token was refused: 401, and 403 too, as DRF answers 403 when session authentication is listed
   * first (D3). Not a team console's refusal of a role (403 permission_denied) or of another site
   * (cross_origin), nor anything the console's own routes refuse: signing in again changes none of
   * those (a session that ended is isSessionEnded).
   */
  get isAuth(): boolean {
    if (this.server === 'console') return false;
    if (this.status === 403 && (this.code === 'permission_denied' || this.code === 'cross_origin')) return false;
    return this.status === 401 || this.status === 403;
  }

  /** Team mode (D16): the console's own server says the session ended; signing in again carries on. */
  get isSessionEnded(): boolean {
    return this.status === 401 && this.code === 'session_ended';
  }

  /**
   * The request may not have reached the service, or its answer was lost or unreadable: its effect is
   * unknown. A 2xx whose body could not be read means the service did act, so it counts here too;
   * treating it as a rejection would invite a second refund.
   */
  get outcomeUnknown(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    // The team console's server could not reach the service (424, D16): the request may have gone out.
    if (this.code === 'service_unreachable') return true;
    if (this.status === undefined) return false;
    return this.status >= 500 || (this.status >= 200 && this.status < 300);
  }

  /**
   * "This route does not exist here", not "no such order": a 405, or a 404 that is not the service's own
   * `{"detail": ...}` (an HTML page from the web framework or a proxy). A DRF service without a read of
   * one order answers a GET of it that way (D9).
   */
  get routeMissing(): boolean {
    if (this.kind !== 'http') return false;
    if (this.status === 405) return true;
    return this.status === 404 && this.detail === undefined && this.fieldErrors.length === 0 && this.nonFieldErrors.length === 0;
  }

  get isValidation(): boolean {
    return this.status === 400 && (this.fieldErrors.length > 0 || this.nonFieldErrors.length > 0);
  }
}

function describe(init: ApiErrorInit): string {
  if (init.server === 'console') return describeConsole(init);
  if (init.kind === 'network') return `Service unreachable (${init.method} ${init.url})`;
  if (init.kind === 'timeout') return `No answer in time (${init.method} ${init.url})`;
  const status = `HTTP ${init.status ?? '?'}`;
  if (init.detail !== undefined) return `${status}: ${init.detail}`;
  if (init.fieldErrors !== undefined && init.fieldErrors.length > 0) {
    // The service's own words, field by field (a 10,000-character search said only "some
    // fields were rejected", where the sandbox had said "At most 255 characters of text").
    const shown = init.fieldErrors.slice(0, 3).map((field) => `${field.path}: ${field.messages.join(' ')}`);
    const more = init.fieldErrors.length - shown.length;
    return `${status}: ${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`;
  }
  if (init.nonFieldErrors !== undefined && init.nonFieldErrors.length > 0) return `${status}: ${init.nonFieldErrors.join(' ')}`;
  return init.rawText ? `${status}: ${init.rawText.slice(0, 200)}` : status;
}

/** The console's own server speaks to people: its refusal's words as it wrote them. */
function describeConsole(init: ApiErrorInit): string {
  if (init.kind === 'network') return `The console's server could not be reached (${init.method} ${init.url}).`;
  if (init.kind === 'timeout') return `The console's server did not answer in time (${init.method} ${init.url}).`;
  if (init.detail !== undefined) return init.detail;
  const words = [...(init.nonFieldErrors ?? []), ...(init.fieldErrors ?? []).map((field) => `${field.path}: ${field.messages.join(' ')}`)];
  return words.length > 0 ? words.join(' ') : `The console answered HTTP ${init.status ?? '?'}.`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a person should do about a Retry-After: "Try again in 30 seconds (after 10:42:07)." */
export function retryAfterAdvice(seconds: number, now: Date = new Date()): string {
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return `Try again in ${seconds} second${seconds === 1 ? '' : 's'} (after ${at}).`;
}

/** Reads an error answer: `{"detail", "code"}`, a DRF validation body in either array shape, or raw text. */
export function apiErrorFromResponse(method: string, url: string, status: number, text: string, retryAfter: string | null = null, server: ApiServer = 'service'): ApiError {
  const seconds = parseRetryAfter(retryAfter);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError({ kind: 'http', server, method, url, status, rawText: text, ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) });
  }
  const base = { kind: 'http' as const, server, method, url, status, body, ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) };
  if (isRecord(body) && typeof body['detail'] === 'string') {
    const code = typeof body['code'] === 'string' ? body['code'] : undefined;
    return new ApiError({ ...base, detail: body['detail'], ...(code === undefined ? {} : { code }) });
  }
  const flat = flattenDrfErrors(body);
  if (flat !== null) {
    return new ApiError({ ...base, fieldErrors: flat.fields, nonFieldErrors: flat.nonField });
  }
  return new ApiError({ ...base, rawText: text });
}
