import type { JournalEntry } from '../../lib/journal.ts';
import { redactTokens } from '../../lib/redact.ts';

export { REDACTED, redactToken, redactTokens } from '../../lib/redact.ts';

/**
 * The journal never holds a token (the api client masks the Authorization header and takes the
 * request's token out of the answer); this is defence in depth for another environment's token
 * echoed back, e.g. by a service that reflects what it gets.
 */
export function redactEntry(entry: JournalEntry, tokens: readonly string[]): JournalEntry {
  const clean = (text: string) => redactTokens(text, tokens);
  const cleanOrNull = (text: string | null) => (text === null ? null : clean(text));
  return {
    ...entry,
    url: clean(entry.url),
    requestHeaders: Object.fromEntries(Object.entries(entry.requestHeaders).map(([name, value]) => [name, clean(value)])),
    path: clean(entry.path),
    environmentName: clean(entry.environmentName),
    requestBody: cleanOrNull(entry.requestBody),
    responseBody: cleanOrNull(entry.responseBody),
    error: cleanOrNull(entry.error),
  };
}
