import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api-error.ts';
import { retryAfterAdvice } from './api-error.ts';

export const SERVER_ERROR_KEY = 'root.serverError' as const;

/**
 * Puts a service error onto a form: each DRF field error onto the input whose JSON path it names
 * (both array shapes are already flattened by ApiError), everything else into `root.serverError`.
 * A Retry-After becomes a line saying when to try again.
 * Returns the messages that did not land on a field, for an alert above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  isField: (path: string) => path is FieldPath<T>,
): string[] {
  const unmatched: string[] = [...error.nonFieldErrors];
  let first = true;
  for (const { path, messages } of error.fieldErrors) {
    if (isField(path)) {
      setError(path, { type: 'server', message: messages.join(' ') }, { shouldFocus: first });
      first = false;
    } else {
      unmatched.push(`${path}: ${messages.join(' ')}`);
    }
  }
  if (error.fieldErrors.length === 0 && error.nonFieldErrors.length === 0) unmatched.push(error.message);
  // 429 (and a 503 that says when): when to send again, which the person decides.
  if (error.retryAfterSeconds !== undefined) unmatched.push(retryAfterAdvice(error.retryAfterSeconds));
  if (unmatched.length > 0) setError(SERVER_ERROR_KEY, { type: 'server', message: unmatched.join('\n') });
  return unmatched;
}
