import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { detailError } from '../http/errors.ts';

// Wrong tokens from one address are counted; past a handful in a window that address
// is answered 429 (Retry-After, DRF's "throttled" body) without a token being compared at all, so
// guessing goes no faster than FAILURES per WINDOW. Counted per remote address and per process:
// other clients are never slowed. A request built in-process (tests' app.request) has no address
// and is not counted. Behind a reverse proxy every client shares its address: limit there too.

export interface ThrottleOptions {
  /** Wrong tokens one address may send per window before it is refused. */
  failures: number;
  windowMs: number;
  /** Addresses remembered at most (a flood of addresses cannot grow memory without bound). */
  maxAddresses?: number;
  now?: () => number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { failures: 20, windowMs: 60_000 };

interface Window {
  started: number;
  failures: number;
}

/** The peer address of a request served by node:http, or null (in-process). */
export function remoteAddress(c: Context): string | null {
  const env: unknown = c.env;
  const incoming: unknown = typeof env === 'object' && env !== null && 'incoming' in env ? env.incoming : undefined;
  return incoming instanceof IncomingMessage ? (incoming.socket.remoteAddress ?? null) : null;
}

export function failedTokenThrottle(options: ThrottleOptions) {
  const now = options.now ?? Date.now;
  const maxAddresses = options.maxAddresses ?? 10_000;
  const windows = new Map<string, Window>();

  const current = (address: string): Window | undefined => {
    const window = windows.get(address);
    if (window !== undefined && now() - window.started >= options.windowMs) {
      windows.delete(address);
      return undefined;
    }
    return window;
  };

  const prune = () => {
    for (const [address, window] of windows) if (now() - window.started >= options.windowMs) windows.delete(address);
    // Still full of live windows: the oldest go first (Map keeps insertion order).
    for (const address of windows.keys()) {
      if (windows.size < maxAddresses) break;
      windows.delete(address);
    }
  };

  return {
    /** Throws the 429 when this address has used up its wrong guesses. */
    check(c: Context): void {
      const address = remoteAddress(c);
      if (address === null) return;
      const window = current(address);
      if (window === undefined || window.failures < options.failures) return;
      const seconds = Math.max(1, Math.ceil((window.started + options.windowMs - now()) / 1000));
      throw detailError(429, 'throttled', `Request was throttled. Expected available in ${seconds} seconds.`, { 'Retry-After': String(seconds) });
    },
    /** Counts a wrong token from this request's address. */
    failed(c: Context): void {
      const address = remoteAddress(c);
      if (address === null) return;
      const window = current(address);
      if (window !== undefined) {
        window.failures += 1;
        return;
      }
      if (windows.size >= maxAddresses) prune();
      windows.set(address, { started: now(), failures: 1 });
    },
  };
}
