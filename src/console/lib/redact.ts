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

/**
 * A service may echo the token it got (in an error's detail, a refusal's reason, a
 * stored body). Every answer is masked once, where it arrives (api-client.ts), so no panel that
 * shows a service's text can show the token: string values only, never keys, so the answer keeps
 * its shape; the structure is copied, the input is not changed.
 */
export function redactTokenInValues(value: unknown, token: string): unknown {
  if (token === '') return value;
  if (typeof value === 'string') return redactToken(value, token);
  if (Array.isArray(value)) return value.map((item: unknown) => redactTokenInValues(item, token));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactTokenInValues(item, token)]));
  }
  return value;
}
