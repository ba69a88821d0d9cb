import type { SentRequest } from '../../lib/api-client.ts';

// Issue 27, time to content: on /orders public/boot.js sends the list's first request itself, as soon
// as the server's config says this is a sandbox, while the app's code is still downloading. It leaves
// the request here; prefetch-first-page.ts hands it to apiRequest, which takes its answer only when
// it went out to the URL and with the token the app would use (else it cancels it and asks itself),
// and then treats it as its own: the journal entry, the errors, the 401 notice are the same.

declare global {
  interface Window {
    /** The list request public/boot.js sent (taken once by takeBootListRequest). */
    __orderConsoleList?: unknown;
  }
}

const fieldsOf = (value: unknown) => new Map<string, unknown>(typeof value === 'object' && value !== null ? Object.entries(value) : []);

/** boot.js's request, checked by hand (no zod on the first screen) and taken off the page once; null when none was sent. */
export function takeBootListRequest(): SentRequest | null {
  if (typeof window === 'undefined') return null;
  const left = window.__orderConsoleList;
  // Taken at once: the token it holds stays on the page no longer than needed. Null tells boot.js,
  // should its config answer come after the app has started, that the app asks for itself.
  window.__orderConsoleList = null;
  const fields = fieldsOf(left);
  const [url, token, response, abort] = ['url', 'token', 'response', 'abort'].map((key) => fields.get(key));
  if (typeof url !== 'string' || typeof token !== 'string' || !(response instanceof Promise) || typeof abort !== 'function') return null;
  return {
    url,
    token,
    response: response.then((r: unknown) => {
      if (!(r instanceof Response)) throw new TypeError('public/boot.js left no response');
      return r;
    }),
    abort: () => void Reflect.apply(abort, undefined, []),
  };
}
