import { ApiError } from '../lib/api-error.ts';

/** The ApiError a call fails with; a test fails if it succeeds or fails with anything else. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}
