import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { detailError } from './errors.ts';

// The Host header is the client's to write. A DNS-rebinding page reaches a loopback
// server under its own host name (and could drive a sandbox with the public development token), and
// a redirect_url built from Host would send the customer wherever the caller said. So only configured
// host names are answered (loopback names by default, PUBLIC_URL's host and ALLOWED_HOSTS for a
// team), and links the server writes start with PUBLIC_URL when there is one.

/** What the check sets on every request it lets through. */
export type HostEnv = { Variables: { origin: string; originIsPublicUrl: boolean } };

export interface HostOptions {
  /** The address people open (PUBLIC_URL): its host is allowed, and the links the server writes start with its origin. */
  publicUrl?: string | undefined;
  /** More host names (no port) to answer to (ALLOWED_HOSTS). */
  allowedHosts?: readonly string[] | undefined;
}

const LOOPBACK_NAMES = /^(?:localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])$/;

const invalidHost = () => detailError(400, 'invalid_host', 'Invalid Host header.');

/** A Host header's name (lower case, IPv6 in brackets), or null when it is no host[:port]. */
export function hostName(header: string | undefined): string | null {
  if (header === undefined || header === '' || /[\s/\\?#@]/.test(header)) return null;
  try {
    return new URL(`http://${header}`).hostname;
  } catch {
    return null;
  }
}

/** Sets `origin` (where the server's own links point) for an allowed Host, otherwise answers 400. */
export function hostAllowList(options: HostOptions) {
  const publicUrl = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  const allowed = new Set([...(options.allowedHosts ?? []), ...(publicUrl === undefined ? [] : [publicUrl.hostname])].map((h) => h.toLowerCase()));
  return createMiddleware<HostEnv>(async (c, next) => {
    // A request built in-process (app.request) has no Host header; its URL's host stands for one.
    const name = hostName(c.req.header('host') ?? new URL(c.req.url).host);
    if (name === null || !(LOOPBACK_NAMES.test(name) || allowed.has(name))) throw invalidHost();
    // Without PUBLIC_URL the request's own origin, which is now a name this server was told to answer to.
    c.set('origin', publicUrl?.origin ?? new URL(c.req.url).origin);
    c.set('originIsPublicUrl', publicUrl !== undefined);
    await next();
  });
}

/** Where this server's own links (an order's redirect_url) point. */
export const publicOrigin = <E extends HostEnv>(c: Context<E>): string => c.get('origin');

/** Where the links of this request point, and whether that is PUBLIC_URL's (the same whoever asks) or the request's own. */
export interface LinkOrigin {
  origin: string;
  fixed: boolean;
}

export const linkOrigin = <E extends HostEnv>(c: Context<E>): LinkOrigin => ({ origin: c.get('origin'), fixed: c.get('originIsPublicUrl') });
