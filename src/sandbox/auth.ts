import { createHash, timingSafeEqual } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { FaultKind } from '../contract/faults.ts';
import { SANDBOX_NAMESPACE_HEADER, SANDBOX_NAMESPACE_PATTERN } from '../contract/paths.ts';
import type { ThrottleOptions } from './auth-throttle.ts';
import { DEFAULT_THROTTLE, failedTokenThrottle } from './auth-throttle.ts';
import { detailError } from '../http/errors.ts';

// docs/decisions.md D2, answered as Django REST Framework's TokenAuthentication does.

export const DEFAULT_TOKEN = 'dev-token';

/** A fault rule that shaped this request's answer (D13), for the request log. */
export interface FaultNote {
  kind: FaultKind;
  /** The connection was reset without an answer. */
  closed: boolean;
}

/** `origin`: where the server's own links point (host-check.ts). */
export type SandboxEnv = { Variables: { owner: string; fault: FaultNote | undefined; origin: string; originIsPublicUrl: boolean } };

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Orders are stored under this key, never under the token itself. */
export function ownerKey(token: string): string {
  return sha256(token).toString('hex');
}

const challenge = { 'WWW-Authenticate': 'Token' };
const notAuthenticated = () =>
  detailError(401, 'not_authenticated', 'Authentication credentials were not provided.', challenge);
const authenticationFailed = (detail: string) => detailError(401, 'authentication_failed', detail, challenge);

// Python's bytes.split() with no argument: runs of ASCII whitespace.
const ASCII_WHITESPACE = /[ \t\n\r\v\f]+/;

/**
 * The token in an Authorization header, or the DRF error for it. A header for another scheme
 * ("Bearer x") is no credentials at all, as DRF treats it.
 */
export function tokenFromHeader(header: string | undefined): string {
  const parts = (header ?? '').split(ASCII_WHITESPACE).filter((part) => part.length > 0);
  if (parts.length === 0 || parts[0]?.toLowerCase() !== 'token') throw notAuthenticated();
  if (parts.length === 1) throw authenticationFailed('Invalid token header. No credentials provided.');
  if (parts.length > 2) throw authenticationFailed('Invalid token header. Token string should not contain spaces.');
  return parts[1] ?? '';
}

/**
 * The token's own orders, or, with a namespace header, a separate set under the same token: what a
 * scenario run creates stays out of the lists, statistics and armed faults of the people sharing it.
 */
export function namespacedOwner(owner: string, namespace: string | undefined): string {
  if (namespace === undefined) return owner;
  if (!SANDBOX_NAMESPACE_PATTERN.test(namespace)) {
    throw detailError(400, 'invalid_namespace', `${SANDBOX_NAMESPACE_HEADER} takes letters, digits, ".", "_" and "-", at most 64 of them.`);
  }
  return `${owner}/${namespace}`;
}

/** Sets `owner` for a known token, otherwise answers 401 (429 once an address has guessed too often). */
export function tokenAuth(tokens: readonly string[], throttle: ThrottleOptions = DEFAULT_THROTTLE) {
  if (tokens.length === 0) throw new Error('tokenAuth needs at least one token');
  const known = tokens.map(sha256);
  const guesses = failedTokenThrottle(throttle);
  return createMiddleware<SandboxEnv>(async (c, next) => {
    const presented = sha256(tokenFromHeader(c.req.header('authorization')));
    guesses.check(c);
    // Compare against every token, equal-length digests, no early exit: the time taken says nothing
    // about how close a guess was or which token matched.
    let matched = false;
    for (const digest of known) matched = timingSafeEqual(digest, presented) || matched;
    if (!matched) {
      guesses.failed(c);
      throw authenticationFailed('Invalid token.');
    }
    c.set('owner', namespacedOwner(presented.toString('hex'), c.req.header(SANDBOX_NAMESPACE_HEADER)));
    await next();
  });
}
