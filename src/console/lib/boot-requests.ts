import type { SentRequest } from './api-client.ts';

// public/boot.js sends a page's first read itself when the server's config
// in the page says this is a sandbox, while the app's code is still downloading: on /orders the list's first
// page, on /orders/{id} the order. It leaves the request here; the app (prefetch-first-page.ts,
// get-order.ts) hands it to apiRequest, which takes its answer only when it went out to the URL and
// with the token the app would use (else it cancels it and asks itself), and then treats it as its
// own: the journal entry, the errors, the 401 notice are the same.

declare global {
  interface Window {
    /** The promise of the list request public/boot.js sends on /orders (taken once by takeBootListRequest). */
    __orderConsoleList?: unknown;
    /** The promise of the order's read public/boot.js sends on /orders/{id} (taken once by takeBootOrderRead). */
    __orderConsoleOrderRead?: unknown;
  }
}

const fieldsOf = (value: unknown) => new Map<string, unknown>(typeof value === 'object' && value !== null ? Object.entries(value) : []);

/** What boot.js's promise resolved to, checked by hand (no zod on the first screen). */
function checked(left: unknown): SentRequest | null {
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

/** What boot.js left under `key`, taken off the page (once): see takeBootListRequest. */
function take(key: '__orderConsoleList' | '__orderConsoleOrderRead'): Promise<SentRequest | null> | null {
  if (typeof window === 'undefined') return null;
  const left = window[key];
  // Taken at once: the token it will hold stays on the page no longer than needed.
  window[key] = null;
  return left instanceof Promise ? left.then(checked, () => null) : null;
}

/**
 * boot.js's list request, taken off the page once: null when boot.js will send none, else a promise
 * of it (null when, once the server's config answered, boot.js decided not to send it). The app waits
 * for this with the config, so whichever comes first, the list is asked once.
 */
export function takeBootListRequest(): Promise<SentRequest | null> | null {
  return take('__orderConsoleList');
}

/** boot.js's read of the order on /orders/{id}, taken off the page once, as takeBootListRequest. */
export function takeBootOrderRead(): Promise<SentRequest | null> | null {
  return take('__orderConsoleOrderRead');
}
