import { flattenDrfErrors } from '../../contract/drf-errors.ts';
import type { FlatFieldError } from '../../contract/drf-errors.ts';

export type ApiErrorKind = 'http' | 'network' | 'timeout';

interface ApiErrorInit {
  kind: ApiErrorKind;
  method: string;
  url: string;
  status?: number;
  detail?: string;
  code?: string;
  fieldErrors?: FlatFieldError[];
  nonFieldErrors?: string[];
  rawText?: string;
  retryAfterSeconds?: number;
}

/** Every failure of a call to the service, in one shape the UI can read (D3, D9). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
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

  constructor(init: ApiErrorInit) {
    super(describe(init));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.method = init.method;
    this.url = init.url;
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.nonFieldErrors = init.nonFieldErrors ?? [];
    this.rawText = init.rawText;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /**
   * 401, and 403 too: DRF answers 403 when session authentication is listed first (D3). Not a team
   * console's refusal of a role (403 permission_denied) or of another site (cross_origin): signing
   * in again changes neither.
   */
  get isAuth(): boolean {
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

  get isValidation(): boolean {
    return this.status === 400 && (this.fieldErrors.length > 0 || this.nonFieldErrors.length > 0);
  }
}

function describe(init: ApiErrorInit): string {
  if (init.kind === 'network') return `Service unreachable (${init.method} ${init.url})`;
  if (init.kind === 'timeout') return `No answer in time (${init.method} ${init.url})`;
  const status = `HTTP ${init.status ?? '?'}`;
  if (init.detail !== undefined) return `${status}: ${init.detail}`;
  if (init.fieldErrors !== undefined && init.fieldErrors.length > 0) return `${status}: some fields were rejected`;
  if (init.nonFieldErrors !== undefined && init.nonFieldErrors.length > 0) return `${status}: ${init.nonFieldErrors.join(' ')}`;
  return init.rawText ? `${status}: ${init.rawText.slice(0, 200)}` : status;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Retry-After in seconds: delta-seconds as DRF's throttling sends them, or an HTTP date (RFC 9110),
 * counted from `now`. Anything else is no advice.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  const text = value?.trim() ?? '';
  if (/^[0-9]{1,9}$/.test(text)) return Number.parseInt(text, 10);
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a person should do about a Retry-After: "Try again in 30 seconds (after 10:42:07)." */
export function retryAfterAdvice(seconds: number, now: Date = new Date()): string {
  const at = new Date(now.getTime() + seconds * 1000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return `Try again in ${seconds} second${seconds === 1 ? '' : 's'} (after ${at}).`;
}

/** Reads an error answer: `{"detail", "code"}`, a DRF validation body in either array shape, or raw text. */
export function apiErrorFromResponse(method: string, url: string, status: number, text: string, retryAfter: string | null = null): ApiError {
  const seconds = parseRetryAfter(retryAfter);
  const base = { kind: 'http' as const, method, url, status, ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new ApiError({ ...base, rawText: text });
  }
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
