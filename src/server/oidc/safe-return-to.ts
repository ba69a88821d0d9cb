// After signing in the browser goes back where it was: only ever to a page of this console.

/**
 * A path of this console, normalised, or null: an absolute URL, `//host`, a backslash or a control
 * character could send the person elsewhere after signing in (an open redirect).
 */
export function safeReturnTo(value: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value) || value.length > 2048) return null;
  const base = new URL('http://console.invalid');
  const url = new URL(value, base);
  return url.origin === base.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}
