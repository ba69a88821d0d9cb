import { ApiError } from './api-error.ts';

/**
 * Whether asking again, unchanged, may get another answer: not after 400 (the request is wrong),
 * 401/403 (the token is, see Settings) or 404 (nothing there). A lost answer, a timeout, a 5xx, a
 * 429 or anything unforeseen may pass on a second try.
 */
export function retryCanHelp(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === undefined) return true;
  return ![400, 401, 403, 404].includes(error.status);
}
