import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { DrfErrorBody } from '../contract/drf-errors.ts';

// docs/decisions.md D3: every error but a validation error is {"detail", "code"}; validation errors are
// DRF field bodies. Handlers throw ApiError and the app's onError writes it, so no handler can forget
// a header or invent its own shape.

export type ErrorBody = { detail: string; code: string } | DrfErrorBody;

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: ContentfulStatusCode, body: ErrorBody, headers: Record<string, string> = {}) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const detailError = (status: ContentfulStatusCode, code: string, detail: string, headers?: Record<string, string>) =>
  new ApiError(status, { detail, code }, headers);

export const notFound = () => detailError(404, 'not_found', 'Not found.');

export const validationError = (body: DrfErrorBody) => new ApiError(400, body);

export const methodNotAllowed = (method: string, allowed: readonly string[]) =>
  detailError(405, 'method_not_allowed', `Method "${method}" not allowed.`, { Allow: allowed.join(', ') });

export function errorResponse(c: Context, error: ApiError): Response {
  return c.json(error.body, error.status, { ...error.headers });
}

export const INTERNAL_ERROR_BODY = { detail: 'Internal error', code: 'internal_error' } as const;
