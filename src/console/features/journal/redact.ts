import type { JournalEntry } from '../../lib/journal.ts';

export const REDACTED = '****';

/** Every occurrence of `token` replaced by ****. Any non-empty token, however short: a leak is worse than noise. */
export function redactToken(text: string, token: string): string {
  return token === '' ? text : text.split(token).join(REDACTED);
}

/** Longest first, so a token that contains another is hidden whole. */
export function redactTokens(text: string, tokens: readonly string[]): string {
  return [...tokens].sort((a, b) => b.length - a.length).reduce(redactToken, text);
}

/**
 * The journal never stores a token (the api client leaves the Authorization header out); this is
 * defence in depth for anything that echoes one back, e.g. a service that reflects the request.
 */
export function redactEntry(entry: JournalEntry, tokens: readonly string[]): JournalEntry {
  const clean = (text: string) => redactTokens(text, tokens);
  const cleanOrNull = (text: string | null) => (text === null ? null : clean(text));
  return {
    ...entry,
    url: clean(entry.url),
    path: clean(entry.path),
    environmentName: clean(entry.environmentName),
    requestBody: cleanOrNull(entry.requestBody),
    responseBody: cleanOrNull(entry.responseBody),
    error: cleanOrNull(entry.error),
  };
}
