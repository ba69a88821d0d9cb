import type { ReadableStreamReadResult } from 'node:stream/web';
import type { z } from 'zod';
import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { issuesToDrf, NON_FIELD_ERRORS } from '../contract/drf-errors.ts';
import { ApiError, detailError, validationError } from './errors.ts';
import { inspectJson, MAX_JSON_DEPTH } from './json-guard.ts';

// docs/decisions.md D3: 413 over 1 MiB, 415 when not application/json, 400 parse_error for anything that
// is not JSON text, DRF's non_field_errors for JSON that is not an object.

export const MAX_BODY_BYTES = 1024 * 1024;

export type JsonObject = Record<string, unknown>;

const tooLarge = () => detailError(413, 'request_too_large', `Request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`);
const unreadable = () => detailError(400, 'bad_request', 'The request body could not be read.');
const parseError = (reason: string) => detailError(400, 'parse_error', `JSON parse error - ${reason}`);

/**
 * The body's bytes, refusing more than `limit`: first by the declared Content-Length, then by
 * counting while reading, because a chunked body declares nothing.
 */
export async function readBodyBytes(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = request.headers.get('content-length');
  const declaredLength = declared !== null && /^\s*[0-9]+\s*$/.test(declared) ? Number(declared) : null;
  if (declaredLength !== null && declaredLength > limit) throw tooLarge();
  if (declaredLength !== null && request.headers.get('transfer-encoding') === null) {
    // A declared length within the limit: Node's HTTP parser ends the body there, so it is read in
    // one piece (@hono/node-server then skips building a web Request and stream for it, most of a
    // small request's cost). Counted anyway, for a Request built in-process that declares too little.
    let buffer: ArrayBuffer;
    try {
      buffer = await request.arrayBuffer();
    } catch {
      throw unreadable();
    }
    if (buffer.byteLength > limit) throw tooLarge();
    return new Uint8Array(buffer);
  }
  if (request.body === null) return new Uint8Array(0);
  try {
    return await readStreamBytes(request.body, limit, tooLarge);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable();
  }
}

/**
 * A stream's bytes, counted while read: past `limit` it stops and throws `tooLarge()`. The lock is
 * released either way, so a caller that wants the rest dropped can cancel the stream.
 */
export async function readStreamBytes<T>(stream: ReadableStream<T>, limit: number, tooLarge: () => Error): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk: ReadableStreamReadResult<T> = await reader.read();
      if (chunk.done) break;
      const value: unknown = chunk.value;
      if (!(value instanceof Uint8Array)) throw new TypeError('stream chunk is not bytes');
      total += value.byteLength;
      if (total > limit) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks, total);
}

function isJsonMediaType(contentType: string): boolean {
  const [mediaType = '', ...params] = contentType.split(';');
  if (mediaType.trim().toLowerCase() !== 'application/json') return false;
  return params.every((param) => {
    const [name = '', value = ''] = param.split('=');
    if (name.trim().toLowerCase() !== 'charset') return true;
    return ['utf-8', 'utf8'].includes(value.trim().replace(/^"|"$/g, '').toLowerCase());
  });
}

/** Python's name for a JSON value's type, as DRF's "Expected a dictionary" message prints it. */
function pythonTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'list';
  if (value === null) return 'NoneType';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}

const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body refused after it parsed as a JSON object (its text breaks a database rule): the object comes along. */
export class RefusedObjectError extends ApiError {
  readonly received: JsonObject;
  constructor(error: ApiError, received: JsonObject) {
    super(error.status, error.body, { ...error.headers });
    this.received = received;
  }
}

/** A JSON object body and its text exactly as received (D12 keeps a create's). */
export interface JsonBody {
  value: JsonObject;
  text: string;
}

/** Turns body bytes into a JSON object or throws the ApiError a DRF service would answer with. */
export function parseJsonObject(bytes: Uint8Array, contentType: string | undefined, shape: ArrayErrorShape): JsonObject {
  return parseJsonBody(bytes, contentType, shape).value;
}

/** parseJsonObject, keeping the text. */
export function parseJsonBody(bytes: Uint8Array, contentType: string | undefined, shape: ArrayErrorShape): JsonBody {
  // An empty body is "no data" (DRF parses it to an empty dict): every required field is missing.
  if (bytes.byteLength === 0) return { value: {}, text: '' };
  if (contentType === undefined || !isJsonMediaType(contentType)) {
    throw detailError(415, 'unsupported_media_type', `Unsupported media type "${contentType ?? ''}" in request.`);
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw parseError('the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'not valid JSON';
    throw parseError(reason.length > 200 ? `${reason.slice(0, 200)}...` : reason);
  }
  const inspection = inspectJson(value);
  if (inspection.kind === 'too_deep') throw parseError(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (!isJsonObject(value)) {
    throw validationError({ [NON_FIELD_ERRORS]: [`Invalid data. Expected a dictionary, but got ${pythonTypeName(value)}.`] });
  }
  if (inspection.problems.length > 0) {
    const issues: z.core.$ZodIssue[] = inspection.problems.map((p) => ({ code: 'custom', path: p.path, message: p.message }));
    throw new RefusedObjectError(validationError(issuesToDrf(issues, shape, value)), value);
  }
  return { value, text };
}

/** Reads and parses a JSON object request body (size, media type, encoding, syntax, shape). */
export async function readJsonObject(request: Request, shape: ArrayErrorShape): Promise<JsonObject> {
  return (await readJsonBody(request, shape)).value;
}

/** readJsonObject, keeping the text as received. */
export async function readJsonBody(request: Request, shape: ArrayErrorShape): Promise<JsonBody> {
  const bytes = await readBodyBytes(request);
  return parseJsonBody(bytes, request.headers.get('content-type') ?? undefined, shape);
}
