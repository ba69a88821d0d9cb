// Taking tokens out of text the console shows, keeps or exports (the journal, copied commands).

export const REDACTED = '****';

/** Every occurrence of `token` replaced by ****. Any non-empty token, however short: a leak is worse than noise. */
export function redactToken(text: string, token: string): string {
  return token === '' ? text : text.split(token).join(REDACTED);
}

/** Longest first, so a token that contains another is hidden whole. */
export function redactTokens(text: string, tokens: readonly string[]): string {
  return [...tokens].sort((a, b) => b.length - a.length).reduce(redactToken, text);
}
