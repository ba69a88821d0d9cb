import type { Context } from 'hono';
import { parseJson } from '../contract/json-text.ts';
import { detailError } from '../http/errors.ts';
import { readBodyBytes } from '../http/body.ts';
import { assertStorable } from './storable-text.ts';

/**
 * A request's JSON body for the console's own /api routes, read up to `limit` bytes (beyond it a
 * 413, unread): an empty body is `{}`, anything that is not JSON a 400 `parse_error`, text the
 * database cannot keep (storable-text.ts) a 400 naming its field. The caller
 * parses the value with its contract schema.
 */
export async function jsonBody(c: Context, limit: number): Promise<unknown> {
  const text = new TextDecoder().decode(await readBodyBytes(c.req.raw, limit));
  if (text.trim() === '') return {};
  const value = parseJson(text);
  if (value === undefined) throw detailError(400, 'parse_error', 'JSON parse error.');
  // Before anything is done with it: text the database cannot keep is the caller's mistake, not a 5xx.
  assertStorable(value);
  return value;
}
