// Where the browser goes after signing in (the password form and OpenID Connect alike): only ever a
// page of this console, else `/`. A return_to is typed by whoever made the link, so anything a
// browser could read as another site is refused: an absolute URL, `//host`, a backslash (`/\host`),
// and every control character (browsers drop TAB, CR and LF from a URL, so `/\t/evil.example` is
// `//evil.example` to them). The path is normalised here and checked again afterwards: `/.//host`
// normalises to `//host`.

/** Paths no sign-in should end on: the sign-in page itself would only loop. */
const SIGN_IN_PAGE = /^\/sign-in(?:[/?#]|$)/;
const MAX_LENGTH = 2048;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const REFUSED = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const sameSitePath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !REFUSED.test(value);

/** A same-origin path (normalised) to send the browser to, or `/`. */
export function safeReturnTo(value: string | null | undefined): string {
  if (value === null || value === undefined || value.length > MAX_LENGTH || !sameSitePath(value)) return '/';
  const base = new URL('http://console.invalid');
  const url = new URL(value, base);
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== base.origin || !sameSitePath(path) || SIGN_IN_PAGE.test(path)) return '/';
  return path;
}
